// Where the build puts a page's data and where the runtime, the service worker, the servers and
// the checks look for it: one spelling of the URL layout, for Node and browser alike. Paths are
// relative to out/ (no leading slash); the browser puts `/` in front.

/** Name of the partial-hydration variant, beside page-data.json. */
export const ISLANDS_PAGE_DATA = 'page-data.islands.json';

/** The build hash every open tab compares with its own (`webpackCompilationHash`). */
export const APP_DATA_PATH = 'page-data/app-data.json';

/** The path the third-party proxy answers: `/__third-party-proxy?url=<allowlisted script>`. */
export const PROXY_PATH = '/__third-party-proxy';

/** `/es/blog/` → `es/blog`, `/` → `index`: the folder of a page's page-data.json. */
export function pageDataFolder(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? 'index' : trimmed;
}

/** A page's page-data.json (`full`) or its islands variant (`islands`) inside out/. */
export function pageDataPath(pagePath: string, mode: 'full' | 'islands' = 'full'): string {
  return `page-data/${pageDataFolder(pagePath)}/${mode === 'islands' ? ISLANDS_PAGE_DATA : 'page-data.json'}`;
}

/** A locale's shared data (messages, routes, settings), named by its content hash. */
export function sharedDataPath(hash: string): string {
  return `page-data/sq/d/${hash}.json`;
}

/** A slice (navbar, footer) of a locale, by its name in `slicesMap`. */
export function sliceDataPath(name: string): string {
  return `slice-data/${name}.json`;
}

/** The proxied form of an allowlisted third-party script URL. */
export function proxiedUrl(url: string): string {
  return `${PROXY_PATH}?url=${encodeURIComponent(url)}`;
}
