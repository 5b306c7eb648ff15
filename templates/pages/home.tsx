import type { SharedData } from '../../src/shared/page-data.ts';
import type { PageProps } from '../../src/shared/template-contract.ts';
import { Picture } from '../components/Picture.tsx';
import { useT } from '../lib/site-context.tsx';
import { Contact } from '../sections/Contact.tsx';
import { Hero } from '../sections/Hero.tsx';
import { Info } from '../sections/Info.tsx';
import { Portfolio } from '../sections/Portfolio.tsx';
import { Services } from '../sections/Services.tsx';
import { Team } from '../sections/Team.tsx';
import { Testimonials } from '../sections/Testimonials.tsx';
import type { Item } from '../sections/types.ts';
import { Workflow } from '../sections/Workflow.tsx';

type Data = { collections: { services?: Item[]; portfolio?: Item[]; testimonials?: Item[]; team?: Item[] } };

/** The home page: hero, services, portfolio, testimonials, team and the contact form. */
export default function Home({ data }: PageProps<Data>) {
  const t = useT();
  const { services = [], portfolio = [], testimonials = [], team = [] } = data.collections;
  return (
    <>
      <Hero />
      <Services items={services} />
      <Portfolio items={portfolio} />
      <figure className="container section-figure">
        <Picture src="/images/buenos-aires-at-dusk.jpg" alt={t('landing.city.alt')} size="wide" />
        <figcaption>{t('landing.city.caption')}</figcaption>
      </figure>
      <Workflow />
      <Testimonials items={testimonials} />
      <Info />
      <Team items={team} />
      <Contact />
    </>
  );
}

export function structuredData({ shared }: { shared: SharedData }) {
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
      contactPoint: { '@type': 'ContactPoint', contactType: 'sales', email: shared.site.contactEmail, availableLanguage: ['English', 'Spanish'] },
    },
  ];
}
