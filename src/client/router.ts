import { PROXY_PATH } from '../shared/site-urls.ts';

// Feeds' neighbours that are not pages: data, assets, the forms API, the proxy, the dev server's events.
const NOT_PAGES = new RegExp(`^/(api|assets|page-data|slice-data|${PROXY_PATH.slice(1)}|__agency-site)(/|$)`);

/** Which clicks become client navigations: plain left clicks on same-origin page links. */
export function navigableUrl(event: MouseEvent): URL | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!anchor || anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return undefined;
  if (anchor.getAttribute('rel')?.split(/\s+/).includes('external')) return undefined;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin) return undefined;
  if (!isPagePath(url.pathname)) return undefined;
  return url;
}

/** Pages end in "/" or ".html"; feeds, assets, the forms API and the proxy are left to the browser. */
export function isPagePath(pathname: string): boolean {
  if (NOT_PAGES.test(pathname)) return false;
  return pathname.endsWith('/') || pathname.endsWith('.html');
}

type Navigate = (url: URL, how: { push: boolean; scroll?: number }) => Promise<void>;

/** Intercepts link clicks and history moves; remembers each entry's scroll position. */
export function startRouter(navigate: Navigate) {
  history.scrollRestoration = 'manual';
  const remember = () => history.replaceState({ ...(history.state as object | null), scroll: scrollY }, '');

  document.addEventListener('click', (event) => {
    const url = navigableUrl(event);
    if (!url) return;
    // Same page, other anchor: the browser scrolls; nothing to load.
    if (url.pathname === location.pathname && url.search === location.search) {
      if (url.hash) return;
      event.preventDefault();
      return;
    }
    event.preventDefault();
    remember();
    void navigate(url, { push: true });
  });

  addEventListener('popstate', (event) => {
    const scroll = ((event as PopStateEvent).state as { scroll?: number } | null)?.scroll ?? 0;
    void navigate(new URL(location.href), { push: false, scroll });
  });
  addEventListener('beforeunload', remember);
}
