import { localizePath } from '../shared/locale-path.ts';
import type { FormName } from './schema/schemas.ts';
import type { ThankYouPaths } from './handler-options.ts';

/** The page (by id in site/pages) each form's plain post lands on; contact uses `thank-you`. */
export const THANK_YOU_PAGES = {
  thankYou: 'thank-you',
  thankYouGuide: 'thank-you-guide',
  thankYouNewsletter: 'thank-you-newsletter',
  thankYouCareers: 'thank-you-careers',
} as const;

type Slugs = Partial<Record<string, string>> | undefined;

export interface ThankYouRedirectsOptions {
  locales: string[];
  defaultLocale: string;
  /** Slug per locale of each thank-you page, where that page exists. */
  thankYou?: Slugs;
  thankYouGuide?: Slugs;
  thankYouNewsletter?: Slugs;
  thankYouCareers?: Slugs;
  /** When the forms server runs on another host than the site: redirects become absolute. */
  siteOrigin?: string | undefined;
}

/** Every thank-you page's slugs, looked up by page id (what `serve` and `forms` pass on). */
export function thankYouSlugs(slugOf: (pageId: string) => Slugs): Pick<ThankYouRedirectsOptions, keyof typeof THANK_YOU_PAGES> {
  return Object.fromEntries(Object.entries(THANK_YOU_PAGES).map(([key, id]) => [key, slugOf(id)]));
}

/**
 * Where each locale's plain posts land. A missing contact or guide page falls back to that locale's
 * home; a missing newsletter or careers page falls back to the contact thank-you page.
 */
export function thankYouRedirects(options: ThankYouRedirectsOptions): Record<string, ThankYouPaths> {
  const origin = options.siteOrigin ? new URL(options.siteOrigin).origin : '';
  const redirects: Record<string, ThankYouPaths> = {};
  for (const locale of options.locales) {
    const path = (slug: string | undefined) => origin + localizePath({ locale, defaultLocale: options.defaultLocale, slug: slug ?? '' });
    const optional = (slugs: Slugs) => (slugs?.[locale] === undefined ? undefined : path(slugs[locale]));
    const thankYou = path(options.thankYou?.[locale]);
    redirects[locale] = {
      thankYou,
      thankYouGuide: path(options.thankYouGuide?.[locale]),
      thankYouNewsletter: optional(options.thankYouNewsletter) ?? thankYou,
      thankYouCareers: optional(options.thankYouCareers) ?? thankYou,
      home: path(''),
    };
  }
  return redirects;
}

/** The landing page of one form's plain post. */
export function thankYouPathOf(form: FormName | string, paths: ThankYouPaths): string {
  if (form === 'guide') return paths.thankYouGuide;
  if (form === 'newsletter') return paths.thankYouNewsletter ?? paths.thankYou;
  if (form === 'careers') return paths.thankYouCareers ?? paths.thankYou;
  return paths.thankYou;
}
