import { localizePath } from '../shared/locale-path.ts';
import type { ThankYouPaths } from './handler-options.ts';

export interface ThankYouRedirectsOptions {
  locales: string[];
  defaultLocale: string;
  /** Slug per locale of the `thank-you` and `thank-you-guide` pages, where those pages exist. */
  thankYou?: Partial<Record<string, string>> | undefined;
  thankYouGuide?: Partial<Record<string, string>> | undefined;
  /** When the forms server runs on another host than the site: redirects become absolute. */
  siteOrigin?: string | undefined;
}

/** Where each locale's plain posts land; a missing page falls back to that locale's home. */
export function thankYouRedirects(options: ThankYouRedirectsOptions): Record<string, ThankYouPaths> {
  const origin = options.siteOrigin ? new URL(options.siteOrigin).origin : '';
  const redirects: Record<string, ThankYouPaths> = {};
  for (const locale of options.locales) {
    const path = (slug: string | undefined) => origin + localizePath({ locale, defaultLocale: options.defaultLocale, slug: slug ?? '' });
    redirects[locale] = { thankYou: path(options.thankYou?.[locale]), thankYouGuide: path(options.thankYouGuide?.[locale]), home: path('') };
  }
  return redirects;
}
