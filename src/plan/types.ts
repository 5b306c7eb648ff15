import type { MarkdownSource } from '../content/index.ts';
import type { SourceLocation } from '../errors/index.ts';
import type { HeadData, PageContext, SharedData, SliceData } from '../shared/page-data.ts';

export type { HeadData };

export interface PlannedPage {
  id: string;
  locale: string;
  path: string;
  /** HTML file inside out/. */
  outFile: string;
  /** Client-only routes under this page (`/app/*`); no page declares any yet, so it stays absent. */
  matchPath?: string;
  template: string;
  head: HeadData;
  data: Record<string, unknown>;
  pageContext: PageContext;
  /** Markdown rendered into `data[markdownField]` by the render stage. */
  markdown?: MarkdownSource & { field: string };
  inSitemap: boolean;
  source: SourceLocation;
  /** Absolute paths of the content files the page's data came from (the dependency graph's content edges); not a render input. */
  sources: string[];
  /** Last modification, for the sitemap and feeds. */
  lastmod?: string;
  /** The small line above the title on its Open Graph card. */
  ogLabel: string;
}

export interface FeedEntry {
  title: string;
  description: string;
  url: string;
  date: string;
  updated?: string;
  tags: string[];
}

export interface SitePlan {
  pages: PlannedPage[];
  shared: Record<string, SharedData>;
  slices: Record<string, SliceData>;
  feeds: Record<string, { path: string; title: string; url: string; entries: FeedEntry[] }>;
}
