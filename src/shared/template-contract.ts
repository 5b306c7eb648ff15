// What the generator hands to templates/. Templates import only these types from src/.
import type { ReactNode } from 'react';
import type { HeadData, PageContext, SharedData, SliceData } from './page-data.ts';

export interface PageProps<D = Record<string, unknown>> {
  data: D;
  pageContext: PageContext;
}

export interface RootProps {
  shared: SharedData;
  slices: Record<string, SliceData>;
  pageContext: PageContext;
  /** Template name, so the layout can vary (section previews render without navbar and footer). */
  template: string;
  children?: ReactNode;
}

export interface DocumentProps {
  lang: string;
  head: HeadData;
  siteName: string;
  stylesheets: string[];
  scripts: string[];
  /** Chunks of this page's template, fetched early with <link rel="modulepreload">. */
  modulePreloads: string[];
  /** Content of <meta name="agency-site-config"> for the browser runtime. */
  runtimeConfig: string;
  /** Structured data (JSON-LD) of the page, if its template declares any. */
  structuredData: object[];
  /** The rendered page inside the root element. */
  bodyHtml: string;
  /** How the browser takes the page over: only its islands (default) or the whole page (`full`). */
  hydration?: 'islands' | 'full';
}

/** A page template module: its component and, optionally, its JSON-LD. */
export interface TemplateModule {
  default: (props: PageProps<any>) => ReactNode;
  structuredData?: (props: PageProps<any> & { shared: SharedData; head: HeadData }) => object[];
  /** `full` opts the template's pages out of islands: React hydrates the whole page from page-data.json. */
  hydration?: 'islands' | 'full';
}

/** The bundle the generator compiles from templates/ for Node. */
export interface TemplatesBundle {
  Document: (props: DocumentProps) => ReactNode;
  Root: (props: RootProps) => ReactNode;
  pages: Record<string, TemplateModule>;
  markdownComponents: Record<string, unknown>;
  createElement: typeof import('react').createElement;
  renderToString: typeof import('react-dom/server').renderToString;
}
