import type { SiteConfig } from '../config/index.ts';
import type { Content, Page, Post } from '../content/index.ts';
import { duplicateUrlError, missingMessageError, unknownCollectionError, unknownPageError, unknownTemplateError, type SourceLocation } from '../errors/index.ts';
import type { Messages } from '../i18n/index.ts';
import { localizePath, outFileOfPath } from '../shared/locale-path.ts';
import { OG_HEIGHT, OG_WIDTH, ogImagePath } from '../images/index.ts';
import type { Alternate, ImageInfo, PageContext, PublicSettings, SharedData, SliceData } from '../shared/page-data.ts';
import { localizeValue } from './localize-value.ts';
import type { FeedEntry, HeadData, PlannedPage, SitePlan } from './types.ts';

export interface PlanSiteOptions {
  config: SiteConfig;
  content: Content;
  messages: Messages;
  /** Names of the page templates that exist (templates/pages/*.tsx). */
  templates: string[];
  /** Processed images of site/images, shared with every page. */
  images?: Record<string, ImageInfo>;
  postTemplate?: string;
}

interface Draft {
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
  lastmod?: string;
  extraContext?: Record<string, unknown>;
  /** The small line above the title on the page's Open Graph card. */
  ogLabel: string;
}

/** Every page × locale with its URL, template, alternates and head, decided before anything renders. */
export function planSite(options: PlanSiteOptions): SitePlan {
  const { config, content } = options;
  const { locales, defaultLocale } = config;
  const postTemplate = options.postTemplate ?? 'blog-post';
  const drafts: Draft[] = [];
  const routes: Record<string, Record<string, string>> = Object.fromEntries(locales.map((l) => [l, {}]));
  const listPage = content.pages.find((p) => p.list === 'posts');

  for (const page of content.pages) {
    if (!options.templates.includes(page.template)) {
      throw unknownTemplateError(page.locate(['template']), page.template, options.templates);
    }
    for (const locale of Object.keys(page.slug)) {
      const path = localizePath({ locale, defaultLocale, slug: page.slug[locale]! });
      routes[locale]![page.id] = path;
      if (page === listPage) continue;
      drafts.push(pageDraft(page, locale, path, options));
    }
  }

  const feeds: SitePlan['feeds'] = {};
  if (listPage) {
    if (content.posts && Object.values(content.posts).some((p) => p.length) && !options.templates.includes(postTemplate)) {
      throw unknownTemplateError({ file: listPage.file }, postTemplate, options.templates);
    }
    for (const locale of Object.keys(listPage.slug)) {
      const listSlug = listPage.slug[locale]!;
      const posts = content.posts[locale] ?? [];
      const postPath = (post: Post) => localizePath({ locale, defaultLocale, slug: `${listSlug}/${post.slug}` });
      drafts.push(...listDrafts(listPage, locale, listSlug, posts.map((p) => ({ post: p, path: postPath(p) })), options));
      const entries: FeedEntry[] = [];
      for (const post of posts) {
        const path = postPath(post);
        drafts.push(postDraft(post, path, postTemplate, listPage));
        entries.push({ title: post.title, description: post.description, url: `${config.settings.baseUrl}${path}`, date: post.date, ...(post.updated ? { updated: post.updated } : {}), tags: post.tags });
      }
      const feedPath = localizePath({ locale, defaultLocale, slug: `${listSlug}/feed.xml` });
      feeds[locale] = {
        path: feedPath,
        title: `${config.settings.name} — ${listPage.seo[locale]!.title}`,
        url: `${config.settings.baseUrl}${routes[locale]![listPage.id]}`,
        entries,
      };
    }
  }

  assertUniqueUrls(drafts);
  const pages = withAlternates(drafts, options, feeds);
  const shared: SitePlan['shared'] = {};
  const slices: SitePlan['slices'] = {};
  for (const locale of locales) {
    shared[locale] = sharedData(locale, routes[locale]!, options);
    for (const name of ['navbar', 'footer'] as const) {
      slices[`${name}-${locale}`] = sliceData(name, locale, routes[locale]!, options);
    }
  }
  return { pages, shared, slices, feeds };
}

function pageDraft(page: Page, locale: string, path: string, options: PlanSiteOptions): Draft {
  const { locales, defaultLocale } = options.config;
  const collections: Record<string, unknown> = {};
  for (const name of page.collections) {
    const items = options.content.collections[name];
    if (!items) {
      throw unknownCollectionError(page.locate(['collections']), name, Object.keys(options.content.collections));
    }
    collections[name] = localizeValue(items, locale, locales, defaultLocale);
  }
  const document = page.documents[locale];
  const seo = page.seo[locale]!;
  return {
    id: page.id,
    locale,
    path,
    template: page.template,
    title: seo.title,
    description: seo.description,
    noindex: page.noindex,
    inSitemap: page.sitemap && !page.noindex && !path.endsWith('.html'),
    ogType: 'website',
    data: {
      page: localizeValue(page.data, locale, locales, defaultLocale),
      collections,
      ...(document ? { document: { ...document.meta } } : {}),
    },
    ...(document ? { markdown: { ...document.markdown, field: 'document.body' }, lastmod: document.meta.updated } : {}),
    extraContext: { booking: page.booking },
    source: page.slugLocations[locale] ?? { file: page.file },
    ogLabel: options.messages.byLocale[locale]?.['landing.hero.eyebrow'] ?? options.config.settings.name,
  };
}

function listDrafts(page: Page, locale: string, listSlug: string, posts: Array<{ post: Post; path: string }>, options: PlanSiteOptions): Draft[] {
  const perPage = options.config.settings.blog.postsPerPage;
  const count = Math.max(1, Math.ceil(posts.length / perPage));
  const { defaultLocale } = options.config;
  const pathOf = (n: number) => localizePath({ locale, defaultLocale, slug: n === 1 ? listSlug : `${listSlug}/page/${n}` });
  const drafts: Draft[] = [];
  for (let n = 1; n <= count; n++) {
    const base = pageDraft(page, locale, pathOf(n), options);
    const seo = page.seo[locale]!;
    drafts.push({
      ...base,
      id: n === 1 ? page.id : `${page.id}:page:${n}`,
      title: n === 1 ? seo.title : `${seo.title} (${n}/${count})`,
      data: {
        ...base.data,
        posts: posts.slice((n - 1) * perPage, n * perPage).map(({ post, path }) => ({
          title: post.title,
          description: post.description,
          date: post.date,
          tags: post.tags,
          readingMinutes: post.readingMinutes,
          path,
        })),
        pagination: { page: n, pages: count, previous: n > 1 ? pathOf(n - 1) : null, next: n < count ? pathOf(n + 1) : null },
      },
      ...(n > 1 ? { inSitemap: base.inSitemap } : {}),
    });
  }
  return drafts;
}

function postDraft(post: Post, path: string, template: string, listPage: Page): Draft {
  return {
    id: `post:${post.translationKey ?? `${post.locale}:${post.slug}`}`,
    locale: post.locale,
    path,
    template,
    title: post.title,
    description: post.description,
    noindex: false,
    inSitemap: true,
    ogType: 'article',
    data: {
      post: {
        title: post.title,
        description: post.description,
        date: post.date,
        ...(post.updated ? { updated: post.updated } : {}),
        tags: post.tags,
        readingMinutes: post.readingMinutes,
      },
      listPageId: listPage.id,
    },
    markdown: { ...post.markdown, field: 'post.body' },
    source: { file: post.file, line: 1 },
    lastmod: post.updated ?? post.date,
    ogLabel: listPage.seo[post.locale]?.title ?? 'Blog',
  };
}

function assertUniqueUrls(drafts: Draft[]): void {
  const seen = new Map<string, Draft>();
  for (const draft of drafts) {
    const first = seen.get(draft.path);
    if (first) throw duplicateUrlError(draft.path, first.source, draft.source);
    seen.set(draft.path, draft);
  }
}

function withAlternates(drafts: Draft[], options: PlanSiteOptions, feeds: SitePlan['feeds']): PlannedPage[] {
  const { settings, locales, defaultLocale } = options.config;
  const byId = new Map<string, Draft[]>();
  for (const d of drafts) byId.set(d.id, [...(byId.get(d.id) ?? []), d]);
  return drafts.map((draft) => {
    const group = (byId.get(draft.id) ?? [draft]).slice().sort((a, b) => locales.indexOf(a.locale) - locales.indexOf(b.locale));
    const alternates: Alternate[] = group.map((d) => ({ locale: d.locale, path: d.path, label: settings.locales[d.locale]!.label }));
    const xDefault = group.find((d) => d.locale === defaultLocale) ?? group[0]!;
    const head: HeadData = {
      title: draft.title,
      description: draft.description,
      canonical: settings.baseUrl + draft.path,
      alternates: [
        ...group.map((d) => ({ hreflang: d.locale, href: settings.baseUrl + d.path })),
        { hreflang: 'x-default', href: settings.baseUrl + xDefault.path },
      ],
      ogLocale: settings.locales[draft.locale]!.ogLocale,
      ogLocaleAlternates: group.filter((d) => d !== draft).map((d) => settings.locales[d.locale]!.ogLocale),
      ogType: draft.ogType,
      noindex: draft.noindex,
      ...(feeds[draft.locale] ? { feed: { href: feeds[draft.locale]!.path, title: feeds[draft.locale]!.title } } : {}),
      ...(draft.noindex || !settings.images.socialCards
        ? {}
        : { ogImage: { url: `${settings.baseUrl}/${ogImagePath({ title: draft.title, siteName: settings.name, label: draft.ogLabel })}`, width: OG_WIDTH, height: OG_HEIGHT } }),
    };
    const pageContext: PageContext = { locale: draft.locale, pageId: draft.id, alternates, ...draft.extraContext };
    return {
      id: draft.id,
      locale: draft.locale,
      path: draft.path,
      outFile: outFileOfPath(draft.path),
      template: draft.template,
      head,
      data: draft.data,
      pageContext,
      ...(draft.markdown ? { markdown: draft.markdown } : {}),
      inSitemap: draft.inSitemap,
      source: draft.source,
      ...(draft.lastmod ? { lastmod: draft.lastmod } : {}),
      ogLabel: draft.ogLabel,
    };
  });
}

function publicSettings(options: PlanSiteOptions): PublicSettings {
  const { settings, constants, defaultLocale } = options.config;
  const { detectors: _detectors, plainNumbers: _plainNumbers, ...claims } = constants;
  return {
    name: settings.name,
    baseUrl: settings.baseUrl,
    defaultLocale,
    booking: settings.booking,
    whatsappNumber: settings.whatsapp.number,
    contactEmail: settings.contactEmail,
    formsEndpoint: settings.forms.endpoint,
    constants: claims,
    imageWidths: { content: settings.images.contentMaxWidth, wide: settings.images.wideMaxWidth },
  };
}

function sharedData(locale: string, routes: Record<string, string>, options: PlanSiteOptions): SharedData {
  return { locale, messages: options.messages.byLocale[locale]!, routes, site: publicSettings(options), images: options.images ?? {} };
}

function linkLabel(label: string | Record<string, string>, locale: string, defaultLocale: string, options: PlanSiteOptions, where: () => SourceLocation, field: string): string {
  if (typeof label === 'string') return label;
  if ('message' in label && Object.keys(label).length === 1) {
    const text = options.messages.byLocale[locale]?.[label.message!];
    if (text === undefined) throw missingMessageError(where(), label.message!, field);
    return text;
  }
  return label[locale] ?? label[defaultLocale] ?? Object.values(label)[0]!;
}

function sliceData(name: 'navbar' | 'footer', locale: string, routes: Record<string, string>, options: PlanSiteOptions): SliceData {
  const nav = options.content.navigation;
  const { defaultLocale } = options.config;
  const links = nav[name].map((link, i) => {
    const label = linkLabel(link.label, locale, defaultLocale, options, () => nav.locate([name, i, 'label', 'message']), `${name}.${i}.label.message`);
    if ('url' in link.href) return { label, href: link.href.url };
    const path = routes[link.href.page];
    if (!path) {
      throw unknownPageError(nav.locate([name, i, 'href', 'page']), link.href.page, locale, `${name}.${i}.href.page`);
    }
    return { label, href: link.href.hash ? `${path}#${link.href.hash}` : path };
  });
  return { name, locale, links };
}
