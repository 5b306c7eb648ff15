import { dirname, resolve, sep } from 'node:path';
import { newestFirst, type Page, type Post } from '../content/index.ts';
import { unknownTemplateError } from '../errors/index.ts';
import { localizePath } from '../shared/locale-path.ts';
import type { Draft, PlanSiteOptions } from './draft.ts';
import { pageDraft } from './page-drafts.ts';
import type { FeedEntry, SitePlan } from './types.ts';

/**
 * The blog list page's drafts in every locale (its pages, one per post) and each locale's feed.
 * `onlyPosts`: draft the pages of only the posts with these ids (a watch save's), and only the
 * list pages that show one of them, with their translations: the posts' order and places are as
 * before (replanPosts' case).
 */
export function blogDrafts(
  listPage: Page,
  routes: Record<string, Record<string, string>>,
  options: PlanSiteOptions,
  onlyPosts?: ReadonlySet<string>,
): { drafts: Draft[]; feeds: SitePlan['feeds'] } {
  const { config, content } = options;
  const { defaultLocale } = config;
  const postTemplate = options.postTemplate ?? 'blog-post';
  const drafts: Draft[] = [];
  const feeds: SitePlan['feeds'] = {};
  if (content.posts && Object.values(content.posts).some((p) => p.length) && !options.templates.includes(postTemplate)) {
    throw unknownTemplateError({ file: listPage.file }, postTemplate, options.templates);
  }
  const pathIn = (post: Post) => pathsOf(post.locale, defaultLocale, listPage.slug[post.locale]!)(post);
  const perPage = config.settings.blog.postsPerPage;
  const lists = Object.keys(listPage.slug).map((locale) => {
    const listSlug = listPage.slug[locale]!;
    const postPath = pathsOf(locale, defaultLocale, listSlug);
    const listed = [
      ...(content.posts[locale] ?? []).map((p) => ({ post: p, path: postPath(p) })),
      ...untranslatedPosts(locale, listPage, options).map((p) => ({ post: p, path: pathIn(p) })),
    ];
    listed.sort((a, b) => newestFirst(a.post, b.post));
    return { locale, listSlug, postPath, listed };
  });
  // With `onlyPosts`: the list pages showing one of them, by number, in every locale (a list page's
  // translations are its alternates, so they are drafted together).
  const pageNumbers =
    onlyPosts && new Set(lists.flatMap(({ listed }) => listed.flatMap(({ post }, i) => (onlyPosts.has(postId(post)) ? [Math.floor(i / perPage) + 1] : []))));
  for (const { locale, listSlug, postPath, listed } of lists) {
    const posts = content.posts[locale] ?? [];
    drafts.push(...listDrafts(listPage, locale, listSlug, listed, options, pageNumbers));
    const entries: FeedEntry[] = [];
    // Posts come newest first: the feed lists the first `feedEntries` of this locale's own.
    for (const post of posts) {
      const path = postPath(post);
      if (!onlyPosts || onlyPosts.has(postId(post))) drafts.push(postDraft(post, path, postTemplate, listPage));
      if (entries.length < config.settings.blog.feedEntries) entries.push(feedEntryOf(post, `${config.settings.baseUrl}${path}`));
    }
    const feedPath = localizePath({ locale, defaultLocale, slug: `${listSlug}/feed.xml` });
    feeds[locale] = {
      path: feedPath,
      title: `${config.settings.name} — ${listPage.seo[locale]!.title}`,
      url: `${config.settings.baseUrl}${routes[locale]![listPage.id]}`,
      entries,
    };
  }
  return { drafts, feeds };
}

/** The list's pages, or only those with these numbers. */
function listDrafts(
  page: Page,
  locale: string,
  listSlug: string,
  posts: Array<{ post: Post; path: string }>,
  options: PlanSiteOptions,
  numbers?: ReadonlySet<number>,
): Draft[] {
  const perPage = options.config.settings.blog.postsPerPage;
  const count = Math.max(1, Math.ceil(posts.length / perPage));
  const { defaultLocale } = options.config;
  const pathOf = (n: number) => localizePath({ locale, defaultLocale, slug: n === 1 ? listSlug : `${listSlug}/page/${n}` });
  const drafts: Draft[] = [];
  for (let n = 1; n <= count; n++) {
    if (numbers && !numbers.has(n)) continue;
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
          // A post with no translation here, listed in its own language and linked to its own URL.
          ...(post.locale !== locale ? { locale: post.locale } : {}),
        })),
        pagination: { page: n, pages: count, previous: n > 1 ? pathOf(n - 1) : null, next: n < count ? pathOf(n + 1) : null },
      },
      ...(n > 1 ? { inSitemap: base.inSitemap } : {}),
      // The folder too: a post added, removed, redated or unpublished changes every list page.
      sources: [
        ...base.sources,
        ...listedFolders(page, locale, options).map((l) => resolve(dirname(page.file), '../blog', l) + sep),
        // Bundle folders (site/blog/<slug>/index.md) live here, beside the locale folders.
        resolve(dirname(page.file), '../blog') + sep,
        ...posts.slice((n - 1) * perPage, n * perPage).map(({ post }) => postFile(post)),
      ],
    });
  }
  return drafts;
}

/**
 * Published posts of the other languages with no published translation in `locale` (a post
 * without a translationKey has none), unless site.yaml says `blog.fallback: hide`. They are only
 * listed: no page, feed entry or sitemap URL is made for them in `locale`.
 */
function untranslatedPosts(locale: string, listPage: Page, options: PlanSiteOptions): Post[] {
  if (options.config.settings.blog.fallback === 'hide') return [];
  const here = translationKeys(options.content.posts[locale] ?? []);
  return Object.entries(options.content.posts)
    .filter(([other]) => other !== locale && listPage.slug[other] !== undefined)
    .flatMap(([, posts]) => posts.filter((p) => !p.translationKey || !here.has(p.translationKey)));
}

/**
 * A locale's translation keys, kept by its list of posts: a watch save copies only the saved post's
 * list, so the other locale's set is reused (blog planning, profiled after a cold start, spent
 * most of a title save's ~70 ms on passes like this over every post).
 */
function translationKeys(posts: readonly Post[]): ReadonlySet<string> {
  let keys = keysByList.get(posts);
  if (keys === undefined) {
    keys = new Set();
    for (const post of posts) if (post.translationKey) keys.add(post.translationKey);
    keysByList.set(posts, keys);
  }
  return keys;
}
const keysByList = new WeakMap<readonly Post[], Set<string>>();

/** A list's post URL, remembered per post: each save asks for every post's, and posts the save did not touch are kept. */
function pathsOf(locale: string, defaultLocale: string, listSlug: string): (post: Post) => string {
  const list = `${locale}\0${defaultLocale}\0${listSlug}`;
  let known = postPaths.get(list);
  if (!known) postPaths.set(list, (known = new WeakMap()));
  return (post) => {
    let path = known.get(post);
    if (path === undefined) known.set(post, (path = localizePath({ locale, defaultLocale, slug: `${listSlug}/${post.slug}` })));
    return path;
  };
}
const postPaths = new Map<string, WeakMap<Post, string>>();

/** The blog folders a locale's list shows posts from: its own, and the others' when untranslated posts are listed. */
function listedFolders(page: Page, locale: string, options: PlanSiteOptions): string[] {
  if (options.config.settings.blog.fallback === 'hide') return [locale];
  return [locale, ...Object.keys(page.slug).filter((l) => l !== locale)];
}

/** A post page's id: its translations share it. */
export function postId(post: Post): string {
  let id = postIds.get(post);
  if (id === undefined) postIds.set(post, (id = `post:${post.translationKey ?? `${post.locale}:${post.slug}`}`));
  return id;
}
const postIds = new WeakMap<Post, string>();

/**
 * A post's file as an absolute path, as the graph and a save name it. Remembered per post: a watch
 * session keeps its posts between saves, and each save asks for thousands.
 */
const postFiles = new WeakMap<Post, string>();
export function postFile(post: Post): string {
  let file = postFiles.get(post);
  if (file === undefined) postFiles.set(post, (file = resolve(post.file)));
  return file;
}

function postDraft(post: Post, path: string, template: string, listPage: Page): Draft {
  return {
    id: postId(post),
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
    sources: [postFile(post)],
    lastmod: post.updated ?? post.date,
    ogLabel: listPage.seo[post.locale]?.title ?? 'Blog',
  };
}

/**
 * A post's entry in its language's feed, the same object while the post and its URL are: a watch
 * session keeps its posts between saves, and the feed writer keeps each entry's XML by entry.
 */
function feedEntryOf(post: Post, url: string): FeedEntry {
  const known = feedEntries.get(post);
  if (known?.url === url) return known;
  const entry = { title: post.title, description: post.description, url, date: post.date, ...(post.updated ? { updated: post.updated } : {}), tags: post.tags };
  feedEntries.set(post, entry);
  return entry;
}
const feedEntries = new WeakMap<Post, FeedEntry>();
