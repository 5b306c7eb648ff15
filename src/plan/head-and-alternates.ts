import { duplicateUrlError } from '../errors/index.ts';
import { OG_HEIGHT, OG_WIDTH, ogImagePath } from '../images/index.ts';
import { outFileOfPath } from '../shared/locale-path.ts';
import type { Alternate, PageContext, UntranslatedLink } from '../shared/page-data.ts';
import type { Draft, PlanSiteOptions } from './draft.ts';
import type { HeadData, PlannedPage, SitePlan } from './types.ts';

export function assertUniqueUrls(drafts: Draft[]): void {
  const seen = new Map<string, Draft>();
  for (const draft of drafts) {
    const first = seen.get(draft.path);
    if (first) throw duplicateUrlError(draft.path, first.source, draft.source);
    seen.set(draft.path, draft);
  }
}

/** Each draft with its translations (hreflang, x-default, og:locale), canonical URL, feed and card. */
export function withAlternates(
  drafts: Draft[],
  options: PlanSiteOptions,
  feeds: SitePlan['feeds'],
  routes: Record<string, Record<string, string>>,
): PlannedPage[] {
  const { settings, locales, defaultLocale } = options.config;
  const listPageId = options.content.pages.find((p) => p.list === 'posts')?.id;
  // Each page's translations, in the order of the site's locales: one group per id, sorted once.
  const byId = new Map<string, Draft[]>();
  for (const d of drafts) {
    const group = byId.get(d.id);
    if (group) group.push(d);
    else byId.set(d.id, [d]);
  }
  for (const group of byId.values()) if (group.length > 1) group.sort((a, b) => locales.indexOf(a.locale) - locales.indexOf(b.locale));
  return drafts.map((draft) => {
    const group = byId.get(draft.id)!;
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
      ...(draft.noindex || !settings.images.socialCards || !options.socialCard
        ? {}
        : {
            ogImage: {
              url: `${settings.baseUrl}/${ogImagePath({ design: options.socialCard, title: draft.title, siteName: settings.name, label: draft.ogLabel })}`,
              width: OG_WIDTH,
              height: OG_HEIGHT,
            },
          }),
    };
    const untranslated = untranslatedLinks(draft, group, { locales, routes, listPageId, label: (l) => settings.locales[l]!.label });
    const pageContext: PageContext = {
      locale: draft.locale,
      pageId: draft.id,
      alternates,
      ...(untranslated.length ? { untranslated } : {}),
      ...draft.extraContext,
    };
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
      // Its translations' files too: their paths are its alternate links.
      sources: [...new Set(group.flatMap((d) => (d === draft ? d.sources : d.sources.slice(0, 1))))],
      ...(draft.lastmod ? { lastmod: draft.lastmod } : {}),
      ogLabel: draft.ogLabel,
    };
  });
}

/**
 * Where the language switcher goes for a language this page has no translation in: that
 * language's blog for a post, its home page otherwise. Never a hreflang link: it is not this page.
 */
function untranslatedLinks(
  draft: Draft,
  group: Draft[],
  options: { locales: string[]; routes: Record<string, Record<string, string>>; listPageId: string | undefined; label: (locale: string) => string },
): UntranslatedLink[] {
  const links: UntranslatedLink[] = [];
  for (const locale of options.locales) {
    if (group.some((d) => d.locale === locale)) continue;
    const blog = draft.id.startsWith('post:') && options.listPageId ? options.routes[locale]?.[options.listPageId] : undefined;
    const home = options.routes[locale]?.home;
    const path = blog ?? home;
    if (path !== undefined) links.push({ locale, path, label: options.label(locale), to: blog !== undefined ? 'blog' : 'home' });
  }
  return links;
}
