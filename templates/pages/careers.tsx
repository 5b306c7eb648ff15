import type { HeadData, SharedData } from '../../src/shared/page-data.ts';
import type { PageProps } from '../../src/shared/template-contract.ts';
import { CareersForm } from '../components/CareersForm.tsx';
import { useSite, useT } from '../lib/site-context.tsx';
import { Island } from '../lib/island.tsx';

interface Data {
  page: {
    /** Message section of this role: careers, careers-android, careers-marketing, careers-video-editor. */
    messages: string;
    /** Short facts with constants resolved (PTO, English level, remote, USDT …). */
    facts: string[];
    job: { title: string; description: string; datePosted: string; validThrough: string; employmentType: string };
  };
}

/** Numbered message keys that exist: list-1, list-2, … until the first gap (`in` asks without reporting a miss). */
function numbered(messages: Record<string, string>, prefix: string): string[] {
  const out: string[] = [];
  for (let n = 1; `${prefix}-${n}` in messages; n++) out.push(messages[`${prefix}-${n}`]!);
  return out;
}

export default function Careers({ data }: PageProps<Data>) {
  const t = useT();
  const { shared } = useSite();
  const m = data.page.messages;
  const requirements = numbered(shared.messages, `${m}.requirements.list`);
  const benefits = numbered(shared.messages, `${m}.benefits.list`);
  return (
    <>
      <section className="hero hero-compact" aria-labelledby="careers-title">
        <div className="container">
          <p className="eyebrow">{t('careers-common.eyebrow')}</p>
          <h1 id="careers-title">{t(`${m}.work-with-us`)}</h1>
          <p className="lead">{t(`${m}.intro`)}</p>
          <ul className="hero-facts">
            {data.page.facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
          <p className="actions">
            <a className="button" href="#apply">
              {t(`${m}.apply-here-button`)}
            </a>
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="about-title">
        <div className="container two-col">
          <div>
            <h2 id="about-title">{t('careers-common.about-us-title')}</h2>
            <p>{t(`${m}.about-us`)}</p>
          </div>
          <div>
            <h2>{t('careers-common.selection-process-title')}</h2>
            <ol className="steps">
              {[1, 2, 3].map((n) => (
                <li key={n}>{t(`${m}.selection-process.step-${n}`)}</li>
              ))}
            </ol>
          </div>
        </div>
      </section>
      <section className="section section-alt" aria-labelledby="requirements-title">
        <div className="container two-col">
          <div>
            <h2 id="requirements-title">{t('careers-common.requirements-title')}</h2>
            <ul className="checklist">
              {requirements.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </div>
          <div>
            <h2>{t('careers-common.benefits-title')}</h2>
            <ul className="checklist">
              {benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <section id="apply" className="section contact" aria-labelledby="apply-title">
        <div className="container contact-grid">
          <div>
            <h2 id="apply-title">{t(`${m}.apply-here-button`)}</h2>
            <p>{t('careers-common.apply-lead')}</p>
          </div>
          <Island name="careers-form">
            <CareersForm role={data.page.job.title} />
          </Island>
        </div>
      </section>
    </>
  );
}

export function structuredData({ data, shared, head }: PageProps<Data> & { shared: SharedData; head: HeadData }) {
  const { job } = data.page;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: job.title,
      description: `<p>${job.description}</p>`,
      datePosted: job.datePosted,
      validThrough: `${job.validThrough}T23:59:59-03:00`,
      employmentType: job.employmentType,
      directApply: true,
      url: head.canonical,
      hiringOrganization: { '@type': 'Organization', name: shared.site.name, sameAs: shared.site.baseUrl + '/', logo: `${shared.site.baseUrl}/favicon.svg` },
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'Argentina' },
    },
  ];
}
