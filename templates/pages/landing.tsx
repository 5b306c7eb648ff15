import { proxiedUrl } from 'agency-site/site-urls';
import type { PageProps } from '../../src/shared/template-contract.ts';
import { GuideForm } from '../components/GuideForm.tsx';
import { useBookingHref, useHref } from '../lib/site-context.tsx';
import { Contact } from '../sections/Contact.tsx';
import { Section, type SectionProps } from '../sections/index.tsx';
import type { Item } from '../sections/types.ts';
import { Island } from '../lib/island.tsx';

type Action = { label: string; action: 'booking' | 'contact' | 'form' | 'page'; page?: string };

interface Data {
  page: {
    hero: { eyebrow?: string; title: string; lead: string; cta?: Action; secondary?: Action; facts?: string[] };
    /** Each rendered by the section its `kind` names (templates/sections/index.tsx). */
    sections?: SectionProps['section'][];
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
        <Section key={i} on="landing" field={['sections', i, 'kind']} section={section} index={i} collections={data.collections} />
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
