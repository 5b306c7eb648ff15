// The page-data contract shared by the build (Node) and the runtime (browser).

export interface Alternate {
  locale: string;
  /** Path of this page in that locale. */
  path: string;
  /** Name of the language in itself ("Español"). */
  label: string;
}

/** A language the page has no translation in: the switcher offers that language's blog (a post) or home page instead. */
export interface UntranslatedLink extends Alternate {
  to: 'blog' | 'home';
}

export interface PageContext {
  locale: string;
  /** Stable id of the page across locales (`careers`, `post:node-event-loop`). */
  pageId: string;
  alternates: Alternate[];
  untranslated?: UntranslatedLink[];
  [key: string]: unknown;
}

export interface PageResult<D = unknown> {
  data: D;
  pageContext: PageContext;
  /** Title, description and links of the page, so a client navigation can update the head. */
  head?: HeadData;
}

export interface PageData<D = unknown> {
  componentChunkName: string;
  path: string;
  /** The pattern of client-only routes the page answers (`/app/*`), as in the spec; null when it has none. */
  matchPath: string | null;
  result: PageResult<D>;
  staticQueryHashes: string[];
  slicesMap: Record<string, string>;
  webpackCompilationHash: string;
}

/** One island of a page: its place (document order of `[data-island]`), chunk, props and hydration rule. */
export interface IslandRef {
  name: string;
  /** Its chunk and the chunks that one imports, React among them (loaded when it hydrates). */
  chunks: string[];
  hydrate: 'visible' | 'interaction';
  props: Record<string, unknown>;
}

/**
 * `page-data.islands.json`, beside page-data.json: the partial-hydration variant. The page's
 * server-rendered body (`html`, everything inside #root: the static regions with each island's
 * server HTML in place), its islands, and the head a client navigation must update. `result` keeps
 * pageContext and head but not `data`: the static regions already show it.
 */
export interface IslandsPageData extends Omit<PageData, 'result'> {
  hydration: 'islands';
  result: { pageContext: PageContext; head?: HeadData };
  html: string;
  islands: IslandRef[];
}

export interface AppData {
  webpackCompilationHash: string;
  /** componentChunkName → the URL of its template's file, which the runtime imports for a page that hydrates whole. */
  componentChunks: Record<string, string>;
}

/** Data every page of a locale shares: messages, links to pages, the site's public settings, images. */
export interface SharedData {
  locale: string;
  messages: Record<string, string>;
  /** Page id → path in this locale. */
  routes: Record<string, string>;
  site: PublicSettings;
  /** `/images/…` source path → its processed versions (see ImageInfo). */
  images: Record<string, ImageInfo>;
}

/** An image of site/images after the build processed it. */
export interface ImageInfo {
  width: number;
  height: number;
  /** Raster photos and drawings; SVGs are published as they are. */
  kind: 'raster' | 'svg';
  /** Per format, the widths available: `[{ url, width }]`, smallest first. */
  sources: { avif?: ImageVariant[]; webp?: ImageVariant[]; fallback: ImageVariant[] };
  /** A tiny blurred version (data URL) shown while the photo loads. */
  placeholder?: string;
  /** MIME type of the fallback format. */
  type: string;
}

export interface ImageVariant {
  url: string;
  width: number;
}

export type BookingPurpose = 'strategyCall' | 'staffAugmentation' | 'freePrototype' | 'partners';

export interface PublicSettings {
  name: string;
  baseUrl: string;
  defaultLocale: string;
  /** Scheduling link per purpose (strategyCall, staffAugmentation, freePrototype, partners). */
  booking: Record<BookingPurpose, string>;
  whatsappNumber: string;
  contactEmail: string;
  formsEndpoint: string;
  /** `opt-in`: trackers wait for Accept; `notice`: they run until Reject. The cookie notice words it so. */
  consent: 'notice' | 'opt-in';
  constants: Record<string, unknown>;
  /** The widest an image is shown in an article (`content`) and across the page (`wide`), in CSS pixels. */
  imageWidths: { content: number; wide: number };
}

export interface NavLink {
  label: string;
  href: string;
}

/** Slices: navbar and footer, shared by every page of a locale. */
export interface SliceData {
  name: string;
  locale: string;
  links: NavLink[];
}

/** Gatsby-style chunk name of a template (`component---templates-pages-home-tsx`). */
export function componentChunkName(template: string): string {
  return `component---templates-pages-${template.replace(/[^a-z0-9]+/gi, '-')}-tsx`;
}

export interface HeadData {
  title: string;
  description: string;
  canonical: string;
  /** hreflang → absolute URL, x-default included. */
  alternates: Array<{ hreflang: string; href: string }>;
  ogLocale: string;
  ogLocaleAlternates: string[];
  ogType: 'website' | 'article';
  noindex: boolean;
  /** Feed of the page's locale, for <link rel="alternate" type="application/atom+xml">. */
  feed?: { href: string; title: string };
  /** The page's Open Graph image (1200×630, generated from its title). */
  ogImage?: { url: string; width: number; height: number };
}
