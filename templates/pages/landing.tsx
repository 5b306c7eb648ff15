import { proxiedUrl } from 'agency-site/site-urls';
import type { PageProps } from '../../src/shared/template-contract.ts';
import { GuideForm } from '../components/GuideForm.tsx';
import { unknownKind } from '../lib/content-error.ts';
import { useBookingHref, useHref } from '../lib/site-context.tsx';
import { BookMeeting } from '../sections/BookMeeting.tsx';
import { Contact } from '../sections/Contact.tsx';
import { Portfolio } from '../sections/Portfolio.tsx';
import { Testimonials } from '../sections/Testimonials.tsx';
import type { Item } from '../sections/types.ts';
import { Island } from '../lib/island.tsx';

type Action = { label: string; action: 'booking' | 'contact' | 'form' | 'page'; page?: string };

type Section =
  | { kind: 'cards'; title: string; lead?: string; items: Array<{ title: string; body: string }> }
  | { kind: 'steps'; title: string; lead?: string; items: Array<{ title: string; body: string }> }
  | { kind: 'checklist'; title: string; lead?: string; items: string[] }
  | { kind: 'faq'; title: string; items: Array<{ question: string; answer: string }> }
  | { kind: 'pricing'; title: string; lead?: string; plans: Array<{ name: string; price: string; note: string; features: string[] }> }
  | { kind: 'testimonials' | 'portfolio' | 'book-meeting' };

const SECTION_KINDS = ['cards', 'steps', 'checklist', 'faq', 'pricing', 'testimonials', 'portfolio', 'book-meeting'] as const;

interface Data {
  page: {
    hero: { eyebrow?: string; title: string; lead: string; cta?: Action; secondary?: Action; facts?: string[] };
    sections?: Section[];
    form?: { kind: 'contact' | 'contact-phone' | 'guide'; title: string; lead: string; guide?: string };
    /** A third-party reviews widget, loaded through the site's allowlisting proxy. */
    reviews?: { title: string; script: string };
  };
  collections: { testimonials?: Item[]; portfolio?: Item[] };
}

/** Offer and utility pages described entirely by their YAML: hero, sections, an optional form. */
export default function Landing({ data }: PageProps<Data>) {
  const { hero, sections = [], form } = data.page;
  const link = useAction();
  return (
    <>
      <section className="hero hero-compact" aria-labelledby="page-title">
        <div className="container">
          {hero.eyebrow ? <p className="eyebrow">{hero.eyebrow}</p> : null}
          <h1 id="page-title">{hero.title}</h1>
          <p className="lead">{hero.lead}</p>
          {hero.cta || hero.secondary ? (
            <div className="actions">
              {hero.cta ? (
                <a className="button" {...link(hero.cta)}>
                  {hero.cta.label}
                </a>
              ) : null}
              {hero.secondary ? (
                <a className="button button-ghost" {...link(hero.secondary)}>
                  {hero.secondary.label}
                </a>
              ) : null}
            </div>
          ) : null}
          {hero.facts?.length ? (
            <ul className="hero-facts">
              {hero.facts.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>
      {sections.map((section, i) => (
        <LandingSection key={i} section={section} index={i} collections={data.collections} />
      ))}
      {data.page.reviews ? (
        // Shown only once the widget filled its box (sections.css): blocked or offline, no heading over a gap.
        <section className="section reviews" aria-labelledby="reviews-title">
          <div className="container">
            <h2 id="reviews-title">{data.page.reviews.title}</h2>
            <div className="reviews-widget" data-reviews-widget="" />
            <script async src={proxiedUrl(data.page.reviews.script)} />
          </div>
        </section>
      ) : null}
      {form?.kind === 'guide' ? (
        <section id="form" className="section contact" aria-labelledby="form-title">
          <div className="container contact-grid">
            <div>
              <h2 id="form-title">{form.title}</h2>
              <p>{form.lead}</p>
            </div>
            <Island name="guide-form">
              <GuideForm guide={form.guide ?? 'mvp-guide'} />
            </Island>
          </div>
        </section>
      ) : form ? (
        <Contact requirePhone={form.kind === 'contact-phone'} title={form.title} lead={form.lead} />
      ) : null}
    </>
  );
}

function useAction() {
  const booking = useBookingHref();
  const href = useHref();
  return (action: Action) => {
    switch (action.action) {
      case 'booking':
        return { href: booking('landing'), rel: 'noopener' };
      case 'contact':
        return { href: '#contact' };
      case 'form':
        return { href: '#form' };
      case 'page':
        return { href: href(action.page ?? 'home') };
    }
  };
}

function LandingSection({ section, index, collections }: { section: Section; index: number; collections: Data['collections'] }) {
  const id = `section-${index + 1}`;
  const alt = index % 2 === 1 ? ' section-alt' : '';
  switch (section.kind) {
    case 'testimonials':
      return <Testimonials items={collections.testimonials ?? []} />;
    case 'portfolio':
      return <Portfolio items={collections.portfolio ?? []} />;
    case 'book-meeting':
      return <BookMeeting />;
    case 'cards':
    case 'steps':
      return (
        <section className={`section${alt}`} aria-labelledby={id}>
          <div className="container">
            <h2 id={id}>{section.title}</h2>
            {section.lead ? <p className="section-lead">{section.lead}</p> : null}
            {section.kind === 'cards' ? (
              <ul className="cards">
                {section.items.map((item) => (
                  <li key={item.title} className="card">
                    <h3>{item.title}</h3>
                    <p>{item.body}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <ol className="steps">
                {section.items.map((item) => (
                  <li key={item.title}>
                    <h3>{item.title}</h3>
                    <p>{item.body}</p>
                  </li>
                ))}
              </ol>
            )}
          </div>
        </section>
      );
    case 'checklist':
      return (
        <section className={`section${alt}`} aria-labelledby={id}>
          <div className="container">
            <h2 id={id}>{section.title}</h2>
            {section.lead ? <p className="section-lead">{section.lead}</p> : null}
            <ul className="checklist">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </section>
      );
    case 'faq':
      return (
        <section className={`section${alt}`} aria-labelledby={id}>
          <div className="container">
            <h2 id={id}>{section.title}</h2>
            <div className="faq">
              {section.items.map((item) => (
                <details key={item.question}>
                  <summary>{item.question}</summary>
                  <p>{item.answer}</p>
                </details>
              ))}
            </div>
          </div>
        </section>
      );
    case 'pricing':
      return (
        <section className={`section${alt}`} aria-labelledby={id}>
          <div className="container">
            <h2 id={id}>{section.title}</h2>
            {section.lead ? <p className="section-lead">{section.lead}</p> : null}
            <ul className="cards">
              {section.plans.map((plan) => (
                <li key={plan.name} className="card plan">
                  <h3>{plan.name}</h3>
                  <p className="plan-price">{plan.price}</p>
                  <p className="form-note">{plan.note}</p>
                  <ul className="checklist">
                    {plan.features.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </div>
        </section>
      );
    default:
      // A misspelled kind would otherwise render nothing, silently.
      return unknownKind(['sections', index, 'kind'], (section as { kind: unknown }).kind, SECTION_KINDS);
  }
}
