// Inputs for planSite built in memory: a site's settings and content as the earlier stages hand
// them over, with only what a case changes spelled out in the test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteConfig } from '../../../src/config/index.ts';
import { siteConfigSchema, type Constants } from '../../../src/config/schema.ts';
import type { Content, Page, Post } from '../../../src/content/index.ts';
import type { Messages } from '../../../src/i18n/index.ts';
import { parseSocialCardDesign } from '../../../src/images/social-card-design.ts';
import type { PlanSiteOptions } from '../../../src/plan/index.ts';

type SettingsInput = Record<string, unknown>;

export function makeConfig(overrides: SettingsInput = {}): SiteConfig {
  const settings = siteConfigSchema.parse({
    name: 'Southbridge Dev',
    baseUrl: 'https://southbridge.dev',
    defaultLocale: 'en',
    locales: { en: { ogLocale: 'en_US', label: 'English', dateLocale: 'en-US' }, es: { ogLocale: 'es_AR', label: 'Español', dateLocale: 'es-AR' } },
    booking: {
      strategyCall: 'https://calendly.com/southbridge-dev/strategy-call',
      staffAugmentation: 'https://calendly.com/southbridge-dev/staff-augmentation',
      freePrototype: 'https://calendly.com/southbridge-dev/free-prototype',
      partners: 'https://calendly.com/southbridge-dev/partners',
    },
    whatsapp: { number: '5491151234567' },
    contactEmail: 'hello@southbridge.dev',
    forms: { endpoint: '/api/forms' },
    ...overrides,
  });
  const defaultLocale = settings.defaultLocale;
  const others = Object.keys(settings.locales).filter((l) => l !== defaultLocale);
  // The planner only passes claims through to templates.
  const constants = { claims: { trialDays: 7 }, careers: {}, detectors: [] } as unknown as Constants;
  return { settings, constants, locales: [defaultLocale, ...others], defaultLocale };
}

const markdown = (file: string) => ({
  file,
  path: `/site/${file}`,
  bodyOffset: 0,
  bodyLine: 1,
  dir: file.slice(4, file.lastIndexOf('/') + 1),
  hash: `hash-of-${file}`,
  images: [],
});

export function makePage(id: string, overrides: Partial<Page> = {}): Page {
  const file = `site/pages/${id}.yaml`;
  const slug = overrides.slug ?? { en: id, es: id };
  const seo = Object.fromEntries(Object.keys(slug).map((l) => [l, { title: `${id} (${l})`, description: `About ${id} in ${l}` }]));
  return {
    id,
    file,
    template: 'landing',
    booking: 'strategyCall',
    slug,
    seo,
    noindex: false,
    sitemap: true,
    collections: [],
    data: {},
    slugLocations: Object.fromEntries(Object.keys(slug).map((l, i) => [l, { file, line: 3 + i }])),
    locate: (path) => ({ file, line: 1, column: path.length }),
    documents: {},
    ...overrides,
  };
}

export function makePost(locale: string, slug: string, overrides: Partial<Post> = {}): Post {
  return {
    locale,
    slug,
    file: `site/blog/${locale}/${slug}.md`,
    title: `Post ${slug}`,
    description: `What ${slug} is about`,
    date: '2026-03-04',
    tags: [],
    draft: false,
    readingMinutes: 4,
    markdown: markdown(`site/blog/${locale}/${slug}.md`),
    ...overrides,
  };
}

export function makeContent(overrides: Partial<Content> = {}): Content {
  return {
    pages: [makePage('home', { template: 'home', slug: { en: '', es: '' } })],
    collections: {},
    posts: {},
    drafts: [],
    localeGaps: [],
    navigation: { navbar: [], footer: [], file: 'site/navigation.yaml', locate: () => ({ file: 'site/navigation.yaml', line: 1 }) },
    ...overrides,
  };
}

export function makeMessages(byLocale: Record<string, Record<string, string>> = {}): Messages {
  return {
    byLocale: { en: { 'social-card.label': 'Nearshore engineering' }, es: { 'social-card.label': 'Ingeniería nearshore' }, ...byLocale },
    fallbacks: [],
    files: {},
  };
}

const ROOT = new URL('../../..', import.meta.url).pathname;

export function makePlanOptions(
  overrides: { config?: SiteConfig; content?: Partial<Content>; templates?: string[]; messages?: Messages } = {},
): PlanSiteOptions {
  return {
    config: overrides.config ?? makeConfig(),
    content: makeContent(overrides.content),
    messages: overrides.messages ?? makeMessages(),
    templates: overrides.templates ?? ['home', 'landing', 'blog-list', 'blog-post', 'document'],
    socialCard: parseSocialCardDesign(readFileSync(join(ROOT, 'templates/social-card.svg'), 'utf8'), 'templates/social-card.svg'),
  };
}

/** A blog list page (its slug per locale) for content with posts. */
export const blogPage = (slug: Record<string, string> = { en: 'blog', es: 'blog' }) => makePage('blog', { template: 'blog-list', slug, list: 'posts' });
