import { createContext, useContext, type ReactNode } from 'react';
import { formatMessage } from 'agency-site/format-message';
import type { BookingPurpose, PageContext, SharedData, SliceData } from '../../src/shared/page-data.ts';

interface SiteContextValue {
  shared: SharedData;
  pageContext: PageContext;
  slices?: Record<string, SliceData>;
}

const SiteContext = createContext<SiteContextValue | null>(null);

export function SiteProvider({ shared, pageContext, slices, children }: SiteContextValue & { children?: ReactNode }) {
  return <SiteContext.Provider value={{ shared, pageContext, ...(slices ? { slices } : {}) }}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('Internal error: a template rendered outside <SiteProvider>');
  return value;
}

/**
 * The translate function of the page's locale. Messages arrive already completed from the default
 * locale; a key missing everywhere shows the key itself (and the build report lists it).
 * `{name}` placeholders are filled from `params`; a plural map (`one`/`other`) is chosen by `params.count`.
 */
export function useT() {
  const { shared } = useSite();
  return (key: string, params?: Record<string, string | number>) => formatMessage(shared.messages, shared.locale, key, params);
}

/** The path of a page (by its file name in site/pages) in the current locale. Links are looked up, never computed. */
export function useHref() {
  const { shared } = useSite();
  return (pageId: string, hash?: string) => {
    const path = shared.routes[pageId] ?? shared.routes.home ?? '/';
    return hash ? `${path}#${hash}` : path;
  };
}

/**
 * The booking link for this page: the page's purpose (its `booking` in site/pages) unless a section
 * names another, tagged with UTM parameters (Calendly reads them) naming the page and the place on it,
 * so each booking says where it came from.
 */
export function useBookingHref() {
  const { shared, pageContext } = useSite();
  return (place: string, purpose?: BookingPurpose) => {
    const chosen = purpose ?? (pageContext.booking as BookingPurpose | undefined) ?? 'strategyCall';
    const url = new URL(shared.site.booking[chosen]);
    url.searchParams.set('utm_source', 'website');
    url.searchParams.set('utm_medium', place);
    url.searchParams.set('utm_campaign', chosen);
    url.searchParams.set('utm_content', `${pageContext.locale}:${pageContext.pageId}`);
    return url.href;
  };
}

export function useLocale(): string {
  return useSite().pageContext.locale;
}

/**
 * Dates as the locale writes them ("March 4, 2026", "4 de marzo de 2026"), from the locale's
 * `date.long` pattern and `date.months` names. Not Intl.DateTimeFormat: building one costs a
 * phone tens of milliseconds of ICU data on the first load, and the server and browser must agree.
 */
export function useFormatDate() {
  const t = useT();
  const months = t('date.months').split(/\s*,\s*/);
  return (isoDate: string): string => {
    const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
    return t('date.long', { day, month: months[month - 1] ?? String(month), year });
  };
}
