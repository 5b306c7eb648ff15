import { isPagePath } from './router.ts';

export interface PrefetchSettings {
  firstDelayMs: number;
  batchSize: number;
  intervalMs: number;
}

const BOT = /bot|crawler|spider|crawling/i;

/** No prefetching on slow or metered connections, nor for crawlers. */
export function prefetchAllowed(nav: Navigator = navigator): boolean {
  const connection = (nav as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }).connection;
  if (connection?.saveData) return false;
  if (connection?.effectiveType && connection.effectiveType.includes('2g')) return false;
  return !BOT.test(nav.userAgent);
}

/**
 * Queues internal links as they become visible, in that order; the first batch runs a while after
 * the first link is queued, then batch after batch. Hover or focus loads a page at once.
 */
export function startPrefetcher(options: { settings: PrefetchSettings; prefetch: (path: string) => void; isLoaded: (path: string) => boolean }) {
  if (!prefetchAllowed()) return { scan: () => undefined };
  const queue: string[] = [];
  const seen = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const pathOf = (a: HTMLAnchorElement) => {
    const url = new URL(a.href, location.href);
    return url.origin === location.origin && isPagePath(url.pathname) && url.pathname !== location.pathname ? url.pathname : undefined;
  };

  function runBatch() {
    timer = undefined;
    const batch = queue.splice(0, options.settings.batchSize);
    for (const path of batch) options.prefetch(path);
    if (queue.length) timer = setTimeout(runBatch, options.settings.intervalMs);
  }

  function enqueue(path: string) {
    if (seen.has(path) || options.isLoaded(path)) return;
    seen.add(path);
    queue.push(path);
    timer ??= setTimeout(runBatch, options.settings.firstDelayMs);
  }

  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const path = pathOf(entry.target as HTMLAnchorElement);
      if (path) enqueue(path);
    }
  });

  const now = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    const path = anchor && pathOf(anchor);
    if (path && !options.isLoaded(path)) options.prefetch(path);
  };
  document.addEventListener('mouseover', now, { passive: true });
  document.addEventListener('focusin', now);

  return {
    /** Observes the links of the page now shown (after the first render and each navigation). */
    scan() {
      for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href]')) observer.observe(a);
    },
  };
}
