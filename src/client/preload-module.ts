const preloads = new Map<string, Promise<void>>();

/**
 * Fetches a module without running it (`<link rel="modulepreload">`): a client navigation checks
 * that the next page's island chunks exist before showing it, so a chunk an old deploy removed
 * becomes a full load at once rather than a broken island later. Failures are not remembered.
 */
export function preloadModule(href: string): Promise<void> {
  const known = preloads.get(href);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      preloads.delete(href);
      reject(new Error(`${href} failed to load`));
    };
    document.head.append(link);
  });
  preloads.set(href, loading);
  return loading;
}
