import type { PageProps } from '../../src/shared/template-contract.ts';
import { ContactForm } from '../components/ContactForm.tsx';
import { useHref, useSite, useT } from '../lib/site-context.tsx';

interface Item {
  id: string;
  [key: string]: unknown;
}
type Data = { collections: { services?: Item[]; portfolio?: Item[]; testimonials?: Item[]; team?: Item[] } };

/** The home page: hero, services, portfolio, testimonials, team and the contact form. */
export default function Home({ data }: PageProps<Data>) {
  const t = useT();
  const href = useHref();
  const { shared } = useSite();
  const { services = [], portfolio = [], testimonials = [], team = [] } = data.collections;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-grid">
          <div>
            <p className="eyebrow">{t('landing.hero.eyebrow')}</p>
            <h1 id="hero-title">{t('landing.hero.title')}</h1>
            <p className="lead">{t('landing.hero.lead')}</p>
            <div className="actions">
              <a className="button" href={shared.site.bookingUrl} rel="noopener">
                {t('landing.hero.primary')}
              </a>
              <a className="button button-ghost" href={href('hire-react-js-experts-24h')}>
                {t('landing.hero.secondary')}
              </a>
            </div>
            <ul className="hero-facts">
              <li>{t('landing.hero.fact-1')}</li>
              <li>{t('landing.hero.fact-2')}</li>
              <li>{t('landing.hero.fact-3')}</li>
            </ul>
          </div>
          <HeroArt />
        </div>
      </section>

      <section id="services" className="section" aria-labelledby="services-title">
        <div className="container">
          <h2 id="services-title">{t('landing.services.title')}</h2>
          <p className="section-lead">{t('landing.services.lead')}</p>
          <ul className="cards">
            {services.map((s) => (
              <li key={s.id} className="card">
                <h3>{String(s.title)}</h3>
                <p>{String(s.description)}</p>
                {s.page ? <a href={href(String(s.page))}>{t('landing.services.more')}<span className="visually-hidden">: {String(s.title)}</span></a> : null}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="portfolio" className="section section-alt" aria-labelledby="portfolio-title">
        <div className="container">
          <h2 id="portfolio-title">{t('landing.portfolio.title')}</h2>
          <p className="section-lead">{t('landing.portfolio.lead')}</p>
          <ul className="portfolio">
            {portfolio.map((p) => (
              <li key={p.id} className="portfolio-item">
                <span className="portfolio-mark" aria-hidden="true" style={{ background: String(p.color ?? '#74acdf') }}>
                  {String(p.name).slice(0, 1)}
                </span>
                <h3>{String(p.name)}</h3>
                <p className="portfolio-kind">{String(p.kind)}</p>
                <p>{String(p.description)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="testimonials" className="section" aria-labelledby="testimonials-title">
        <div className="container">
          <h2 id="testimonials-title">{t('landing.testimonials.title')}</h2>
          <ul className="testimonials">
            {testimonials.map((q) => (
              <li key={q.id}>
                <figure className="testimonial">
                  <blockquote>
                    <p className="testimonial-headline">{String(q.headline)}</p>
                    <p>{String(q.body)}</p>
                  </blockquote>
                  <figcaption>
                    {String(q.name)}, {String(q.role)}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="team" className="section section-alt" aria-labelledby="team-title">
        <div className="container">
          <h2 id="team-title">{t('landing.team.title')}</h2>
          <p className="section-lead">{t('landing.team.lead')}</p>
          <ul className="team">
            {team.map((m) => (
              <li key={m.id} className="team-member">
                <span className="avatar" aria-hidden="true">{String(m.initials)}</span>
                <h3>{String(m.role)}</h3>
                <p>{String(m.description)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="contact" className="section contact" aria-labelledby="contact-title">
        <div className="container contact-grid">
          <div>
            <h2 id="contact-title">{t('landing.contact.title')}</h2>
            <p>{t('landing.contact.lead')}</p>
            <p>
              <a href={shared.site.bookingUrl} rel="noopener">
                {t('landing.contact.book')}
              </a>
            </p>
          </div>
          <ContactForm />
        </div>
      </section>
    </>
  );
}

function HeroArt() {
  return (
    <svg className="hero-art" viewBox="0 0 420 320" role="img" aria-labelledby="hero-art-title">
      <title id="hero-art-title">Buenos Aires and a US city joined by one working day</title>
      <rect x="0" y="0" width="420" height="320" rx="24" fill="#13243b" />
      <circle cx="330" cy="80" r="34" fill="#f6b40e" />
      <path d="M30 250c60-120 300-120 360 0" fill="none" stroke="#74acdf" strokeWidth="6" strokeLinecap="round" />
      <g fill="#74acdf">
        <rect x="40" y="200" width="26" height="50" rx="3" />
        <rect x="72" y="180" width="22" height="70" rx="3" />
        <rect x="100" y="214" width="30" height="36" rx="3" />
      </g>
      <g fill="#f4f6fb">
        <rect x="290" y="190" width="24" height="60" rx="3" />
        <rect x="318" y="160" width="20" height="90" rx="3" />
        <rect x="344" y="205" width="30" height="45" rx="3" />
      </g>
      <rect x="20" y="250" width="380" height="6" rx="3" fill="#f4f6fb" />
      <g fontFamily="system-ui, sans-serif" fontSize="15" fill="#f4f6fb">
        <text x="40" y="285">Buenos Aires · GMT-3</text>
        <text x="262" y="285">New York · GMT-5</text>
      </g>
      <g fill="#f6b40e">
        <circle cx="210" cy="142" r="7" />
        <circle cx="150" cy="160" r="5" />
        <circle cx="270" cy="160" r="5" />
      </g>
    </svg>
  );
}

export function structuredData({ shared }: { shared: import('../../src/shared/page-data.ts').SharedData }) {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: shared.site.name,
      url: shared.site.baseUrl + '/',
      logo: `${shared.site.baseUrl}/favicon.svg`,
      email: shared.site.contactEmail,
      address: { '@type': 'PostalAddress', addressLocality: 'Buenos Aires', addressCountry: 'AR' },
      areaServed: 'US',
    },
  ];
}
