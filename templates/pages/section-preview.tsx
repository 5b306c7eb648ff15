import type { PageProps } from '../../src/shared/template-contract.ts';
import { Footer } from '../components/Footer.tsx';
import { Navbar } from '../components/Navbar.tsx';
import { unknownKind } from '../lib/content-error.ts';
import { useSite } from '../lib/site-context.tsx';
import { BookMeeting } from '../sections/BookMeeting.tsx';
import { ClientsLogos } from '../sections/ClientsLogos.tsx';
import { Demos } from '../sections/Demos.tsx';
import { Hero } from '../sections/Hero.tsx';
import { HeroImage } from '../sections/HeroImage.tsx';
import { Info } from '../sections/Info.tsx';
import { LearnMore } from '../sections/LearnMore.tsx';
import { Portfolio } from '../sections/Portfolio.tsx';
import { SeeDevs } from '../sections/SeeDevs.tsx';
import { Services } from '../sections/Services.tsx';
import { Testimonials } from '../sections/Testimonials.tsx';
import type { Item } from '../sections/types.ts';
import { Workflow } from '../sections/Workflow.tsx';

interface Data {
  page: { section: string; title: string };
  collections: Record<string, Item[] | undefined>;
}

/** One landing section alone, for review and embedding (noindex; the page's own h1 names it). */
export default function SectionPreview({ data }: PageProps<Data>) {
  const { collections } = data;
  return (
    <>
      {/* The hero brings its own h1; every other section gets one that names the preview. */}
      {data.page.section === 'hero' ? null : <h1 className="visually-hidden">{data.page.title}</h1>}
      <Section name={data.page.section} collections={collections} />
    </>
  );
}

// The sections a preview page can show (data.section), as the switch below handles them.
const SECTIONS = [
  'hero',
  'navbar',
  'footer',
  'services',
  'portfolio',
  'clients',
  'clients-logos',
  'demos',
  'info',
  'book-meeting',
  'hero_image',
  'learn-more-video',
  'see-devs',
  'workflow',
] as const;

function Section({ name, collections }: { name: string; collections: Data['collections'] }) {
  const { slices } = useSite();
  const items = (key: string) => collections[key] ?? [];
  switch (name) {
    case 'hero':
      return <Hero />;
    case 'navbar':
      return <Navbar links={slices?.navbar?.links ?? []} />;
    case 'footer':
      return <Footer links={slices?.footer?.links ?? []} />;
    case 'services':
      return <Services items={items('services')} />;
    case 'portfolio':
      return <Portfolio items={items('portfolio')} />;
    case 'clients':
      return <Testimonials items={items('testimonials')} />;
    case 'clients-logos':
      return <ClientsLogos items={items('portfolio')} />;
    case 'demos':
      return <Demos items={items('portfolio')} />;
    case 'info':
      return <Info />;
    case 'book-meeting':
      return <BookMeeting />;
    case 'hero_image':
      return (
        <div className="container section">
          <HeroImage />
        </div>
      );
    case 'learn-more-video':
      return <LearnMore />;
    case 'see-devs':
      return <SeeDevs items={items('team')} />;
    case 'workflow':
      return <Workflow />;
    default:
      return unknownKind(['section'], name, SECTIONS);
  }
}
