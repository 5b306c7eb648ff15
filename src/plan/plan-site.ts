import type { SitePlan } from './types.ts';
import { internalError, unknownTemplateError } from '../errors/index.ts';
import { localizePath } from '../shared/locale-path.ts';
import { blogDrafts, postFile, postId } from './blog-drafts.ts';
import type { Draft, PlanSiteOptions } from './draft.ts';
import { assertUniqueUrls, withAlternates } from './head-and-alternates.ts';
import { pageDraft } from './page-drafts.ts';
import { sharedData, sliceData } from './shared-data.ts';

export type { PlanSiteOptions };

/** Every page × locale with its URL, template, alternates and head, decided before anything renders. */
export function planSite(options: PlanSiteOptions): SitePlan {
  const { config, content } = options;
  const { locales, defaultLocale } = config;
  const drafts: Draft[] = [];
  const routes: Record<string, Record<string, string>> = Object.fromEntries(locales.map((l) => [l, {}]));
  const listPage = content.pages.find((p) => p.list === 'posts');

  // Pages of site/pages, each in the locales it has a slug for (the list page is drafted with the blog).
  for (const page of content.pages) {
    if (!options.templates.includes(page.template)) throw unknownTemplateError(page.locate(['template']), page.template, options.templates);
    for (const locale of Object.keys(page.slug)) {
      const path = localizePath({ locale, defaultLocale, slug: page.slug[locale]! });
      routes[locale]![page.id] = path;
      if (page !== listPage) drafts.push(pageDraft(page, locale, path, options));
    }
  }

  // The blog: list pages with pagination, one page per post, a feed per locale.
  const blog = listPage ? blogDrafts(listPage, routes, options) : { drafts: [], feeds: {} };
  drafts.push(...blog.drafts);

  // Alternates and head, once every URL is known.
  assertUniqueUrls(drafts);
  const pages = withAlternates(drafts, options, blog.feeds, routes);

  // What each locale's pages share, and the navbar and footer slices.
  const shared: SitePlan['shared'] = {};
  const slices: SitePlan['slices'] = {};
  for (const locale of locales) {
    shared[locale] = sharedData(locale, routes[locale]!, options);
    for (const name of ['navbar', 'footer'] as const) slices[`${name}-${locale}`] = sliceData(name, locale, routes[locale]!, options);
  }
  return { pages, shared, slices, feeds: blog.feeds };
}

/**
 * The plan with each locale's shared data made again from new messages: enough when no message
 * the planner itself reads changed (the card label, navigation labels), as every page is the same.
 */
export function replanShared(plan: SitePlan, options: PlanSiteOptions): SitePlan {
  const shared: SitePlan['shared'] = {};
  for (const [locale, data] of Object.entries(plan.shared)) shared[locale] = sharedData(locale, data.routes, options);
  return { ...plan, shared };
}

/**
 * The plan with the pages of site/pages named by `ids` drafted again, in every locale: what an
 * edited collection needs (their data changed; their URLs, the routes and the blog did not).
 */
export function replanPages(plan: SitePlan, ids: ReadonlySet<string>, options: PlanSiteOptions): SitePlan {
  const { defaultLocale } = options.config;
  const drafts: Draft[] = [];
  for (const page of options.content.pages) {
    if (!ids.has(page.id)) continue;
    if (page.list === 'posts') throw internalError('replanPages cannot draft the blog list; plan the site instead');
    for (const locale of Object.keys(page.slug))
      drafts.push(pageDraft(page, locale, localizePath({ locale, defaultLocale, slug: page.slug[locale]! }), options));
  }
  const routes = Object.fromEntries(Object.entries(plan.shared).map(([locale, data]) => [locale, data.routes]));
  const replanned = new Map(withAlternates(drafts, options, plan.feeds, routes).map((p) => [p.outFile, p]));
  return { ...plan, pages: plan.pages.map((p) => replanned.get(p.outFile) ?? p) };
}

/**
 * The plan after edits to posts that change only what lists show (title, description, tags,
 * dates shown, reading time): the blog is drafted again, but only the changed posts, their
 * translations and the list pages that show them get their head made again; URLs and order are
 * as before (none of those fields sorts or places a post), so every other list page is too.
 * Undefined when the site has no blog list page.
 */
export function replanPosts(plan: SitePlan, files: ReadonlySet<string>, options: PlanSiteOptions): SitePlan | undefined {
  const listPage = options.content.pages.find((p) => p.list === 'posts');
  // Without a list page, posts are not published: there is nothing to draft again.
  if (!listPage) return undefined;
  const routes = Object.fromEntries(Object.entries(plan.shared).map(([locale, data]) => [locale, data.routes]));
  // The saved posts' pages, with their translations' (one id), and every list page: the others are as planned.
  const changedIds = new Set(
    Object.values(options.content.posts)
      .flat()
      .filter((post) => files.has(postFile(post)))
      .map(postId),
  );
  const blog = blogDrafts(listPage, routes, options, changedIds);
  const wanted = blog.drafts.filter((d) => changedIds.has(d.id) || d.id === listPage.id || d.id.startsWith(`${listPage.id}:page:`));
  const replanned = new Map(withAlternates(wanted, options, blog.feeds, routes).map((p) => [p.outFile, p]));
  return { ...plan, feeds: blog.feeds, pages: plan.pages.map((p) => replanned.get(p.outFile) ?? p) };
}
