/**
 * Past this many paths an invalidation is grouped into wildcards: CloudFront bills each path
 * (a wildcard counts as one) after the first thousand a month, and a long list helps nobody.
 */
export const MAX_INVALIDATION_PATHS = 20;

/** `blog/index.html` is requested as `/blog/` and, rarely, as `/blog/index.html`: both are cached. */
function urlsOf(path: string): string[] {
  if (path === 'index.html') return ['/', '/index.html'];
  if (path.endsWith('/index.html')) return [`/${path.slice(0, -'index.html'.length)}`, `/${path}`];
  return [`/${path}`];
}

/** The CloudFront paths for files of out/ that changed: exact while few, then per top folder, then `/*`. */
export function invalidationPaths(paths: readonly string[], max = MAX_INVALIDATION_PATHS): string[] {
  const exact = [...new Set(paths.flatMap(urlsOf))].sort();
  if (exact.length <= max) return exact;
  const grouped = [...new Set(exact.map((url) => (url.indexOf('/', 1) > 0 ? `${url.slice(0, url.indexOf('/', 1))}/*` : url)))].sort();
  return grouped.length <= max ? grouped : ['/*'];
}
