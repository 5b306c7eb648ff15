// What every planning step receives, and the page it drafts before alternates and head are known.
import type { SiteConfig } from '../config/index.ts';
import type { Content } from '../content/index.ts';
import type { SourceLocation } from '../errors/index.ts';
import type { Messages } from '../i18n/index.ts';
import type { SocialCardDesign } from '../images/index.ts';
import type { ImageInfo } from '../shared/page-data.ts';
import type { HeadData, PlannedPage } from './types.ts';

export interface PlanSiteOptions {
  config: SiteConfig;
  content: Content;
  messages: Messages;
  /** Names of the page templates that exist (templates/pages/*.tsx). */
  templates: string[];
  /** Processed images of site/images, shared with every page. */
  images?: Record<string, ImageInfo>;
  postTemplate?: string;
  /** templates/social-card.svg, when social cards are on: each indexed page's head names its card. */
  socialCard?: SocialCardDesign;
}

export interface Draft {
  id: string;
  locale: string;
  path: string;
  template: string;
  title: string;
  description: string;
  noindex: boolean;
  inSitemap: boolean;
  ogType: HeadData['ogType'];
  data: Record<string, unknown>;
  markdown?: PlannedPage['markdown'];
  source: SourceLocation;
  /** Absolute paths of the content files the page's data came from (the dependency graph's content edges). */
  sources: string[];
  lastmod?: string;
  extraContext?: Record<string, unknown>;
  /** The small line above the title on the page's Open Graph card. */
  ogLabel: string;
}
