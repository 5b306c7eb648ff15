import { dirname, resolve } from 'node:path';
import type { Page } from '../content/index.ts';
import { unknownCollectionError } from '../errors/index.ts';
import { SOCIAL_CARD_LABEL } from '../i18n/index.ts';
import type { Draft, PlanSiteOptions } from './draft.ts';
import { localizeValue } from './localize-value.ts';

/** One page of site/pages in one locale: its data (collections picked per locale), SEO and source. */
export function pageDraft(page: Page, locale: string, path: string, options: PlanSiteOptions): Draft {
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
    // The files this page's data came from: its edges to content in the dependency graph.
    sources: [
      resolve(page.file),
      ...page.collections.map((name) => resolve(dirname(page.file), '../collections', `${name}.yaml`)),
      ...(document ? [document.markdown.path] : []),
    ],
    extraContext: { booking: page.booking },
    source: page.slugLocations[locale] ?? { file: page.file },
    ogLabel: options.messages.byLocale[locale]?.[SOCIAL_CARD_LABEL] ?? options.config.settings.name,
  };
}
