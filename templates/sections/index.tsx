import type { ReactNode } from 'react';
import { Footer } from '../components/Footer.tsx';
import { Navbar } from '../components/Navbar.tsx';
import { unknownKind } from '../lib/content-error.ts';
import { useSite } from '../lib/site-context.tsx';
import { BookMeeting } from './BookMeeting.tsx';
import { ClientsLogos } from './ClientsLogos.tsx';
import { Demos } from './Demos.tsx';
import { Hero } from './Hero.tsx';
import { HeroImage } from './HeroImage.tsx';
import { Info } from './Info.tsx';
import { Cards, Checklist, Faq, Pricing, type CardsData, type ChecklistData, type FaqData, type PricingData } from './ItemSections.tsx';
import { LearnMore } from './LearnMore.tsx';
import { Portfolio } from './Portfolio.tsx';
import { SeeDevs } from './SeeDevs.tsx';
import { Services } from './Services.tsx';
import { Testimonials } from './Testimonials.tsx';
import type { Item } from './types.ts';
import { Workflow } from './Workflow.tsx';

/** What a section is given: its YAML entry (landing pages), its place on the page, and the page's collections. */
export interface SectionProps {
  section: { kind: string } & Record<string, unknown>;
  index: number;
  collections: Record<string, Item[] | undefined>;
}

/**
 * Every section a page can be made of, by the name its YAML uses: a landing page's
 * `sections: - kind:` and a preview page's `data.section`. `in` says which of the two may name it
 * (a preview shows sections that need no data of their own; a landing page brings its own h1,
 * navbar and footer). The one list: landing.tsx and section-preview.tsx both render through it.
 */
const SECTIONS: Record<string, { in: ReadonlyArray<'landing' | 'preview'>; render: (props: SectionProps) => ReactNode }> = {
  hero: { in: ['preview'], render: () => <Hero /> },
  navbar: { in: ['preview'], render: () => <SiteNavbar /> },
  footer: { in: ['preview'], render: () => <SiteFooter /> },
  services: { in: ['preview'], render: ({ collections }) => <Services items={collections.services ?? []} /> },
  cards: { in: ['landing'], render: ({ section, index }) => <Cards section={section as CardsData} place={placement(index)} /> },
  steps: { in: ['landing'], render: ({ section, index }) => <Cards section={section as CardsData} place={placement(index)} /> },
  checklist: { in: ['landing'], render: ({ section, index }) => <Checklist section={section as ChecklistData} place={placement(index)} /> },
  faq: { in: ['landing'], render: ({ section, index }) => <Faq section={section as FaqData} place={placement(index)} /> },
  pricing: { in: ['landing'], render: ({ section, index }) => <Pricing section={section as PricingData} place={placement(index)} /> },
  testimonials: { in: ['landing'], render: ({ collections }) => <Testimonials items={collections.testimonials ?? []} /> },
  portfolio: { in: ['landing', 'preview'], render: ({ collections }) => <Portfolio items={collections.portfolio ?? []} /> },
  // The preview pages' name for the testimonials section.
  clients: { in: ['preview'], render: ({ collections }) => <Testimonials items={collections.testimonials ?? []} /> },
  'clients-logos': { in: ['preview'], render: ({ collections }) => <ClientsLogos items={collections.portfolio ?? []} /> },
  demos: { in: ['preview'], render: ({ collections }) => <Demos items={collections.portfolio ?? []} /> },
  info: { in: ['preview'], render: () => <Info /> },
  'book-meeting': { in: ['landing', 'preview'], render: () => <BookMeeting /> },
  hero_image: {
    in: ['preview'],
    render: () => (
      <div className="container section">
        <HeroImage />
      </div>
    ),
  },
  'learn-more-video': { in: ['preview'], render: () => <LearnMore /> },
  'see-devs': { in: ['preview'], render: ({ collections }) => <SeeDevs items={collections.team ?? []} /> },
  workflow: { in: ['preview'], render: () => <Workflow /> },
};

/** The section a page's YAML names; a name it may not use is an error at that field's line. */
export function Section({ on, field, ...props }: SectionProps & { on: 'landing' | 'preview'; field: Array<string | number> }) {
  const entry = Object.hasOwn(SECTIONS, props.section.kind) ? SECTIONS[props.section.kind] : undefined;
  if (!entry?.in.includes(on)) {
    const known = Object.keys(SECTIONS).filter((name) => SECTIONS[name]!.in.includes(on));
    return unknownKind(field, props.section.kind, known);
  }
  return <>{entry.render(props)}</>;
}

function placement(index: number) {
  return { id: `section-${index + 1}`, alt: index % 2 === 1 ? ' section-alt' : '' };
}

function SiteNavbar() {
  const { slices } = useSite();
  return <Navbar links={slices?.navbar?.links ?? []} />;
}

function SiteFooter() {
  const { slices } = useSite();
  return <Footer links={slices?.footer?.links ?? []} />;
}
