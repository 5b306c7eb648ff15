/** Sections made entirely from a landing page's YAML (`sections:` entries): a title, a lead and their items. */
import type { ReactNode } from 'react';

export type CardsData = { kind: 'cards' | 'steps'; title: string; lead?: string; items: Array<{ title: string; body: string }> };
export type ChecklistData = { kind: 'checklist'; title: string; lead?: string; items: string[] };
export type FaqData = { kind: 'faq'; title: string; items: Array<{ question: string; answer: string }> };
export type PricingData = { kind: 'pricing'; title: string; lead?: string; plans: Array<{ name: string; price: string; note: string; features: string[] }> };

/** Where a section sits on its page: its heading's id, and every other section on a tinted background. */
export interface Placement {
  id: string;
  alt: string;
}

/** What every such section shares: its heading, its lead, and its place. */
function Frame({ title, lead, place, children }: { title: string; lead?: string | undefined; place: Placement; children: ReactNode }) {
  return (
    <section className={`section${place.alt}`} aria-labelledby={place.id}>
      <div className="container">
        <h2 id={place.id}>{title}</h2>
        {lead ? <p className="section-lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}

export function Cards({ section, place }: { section: CardsData; place: Placement }) {
  return (
    <Frame title={section.title} lead={section.lead} place={place}>
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
    </Frame>
  );
}

export function Checklist({ section, place }: { section: ChecklistData; place: Placement }) {
  return (
    <Frame title={section.title} lead={section.lead} place={place}>
      <ul className="checklist">
        {section.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Frame>
  );
}

export function Faq({ section, place }: { section: FaqData; place: Placement }) {
  return (
    <Frame title={section.title} place={place}>
      <div className="faq">
        {section.items.map((item) => (
          <details key={item.question}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </Frame>
  );
}

export function Pricing({ section, place }: { section: PricingData; place: Placement }) {
  return (
    <Frame title={section.title} lead={section.lead} place={place}>
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
    </Frame>
  );
}
