/**
 * Content-Type and Cache-Control of every file of out/, one rule for `serve`, the `_headers`
 * file and `deploy`, so a host, the local server and the bucket never disagree.
 *
 * Which files are hashed is not guessed from their names (esbuild hashes are base32, CSS and
 * images hex): the build lists them in `_hashed-files.json` and every caller passes that set.
 */

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';
export const NO_STORE = 'no-cache, no-store';

/** Written by the build beside `_headers`: the URL paths whose name changes when their bytes do. */
export const HASHED_FILES = '_hashed-files.json';

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  pdf: 'application/pdf',
  webmanifest: 'application/manifest+json',
  br: 'application/x-brotli',
  gz: 'application/gzip',
};

export function contentType(path: string): string {
  const dot = path.lastIndexOf('.');
  const ext = dot > path.lastIndexOf('/') ? path.slice(dot + 1).toLowerCase() : '';
  return TYPES[ext] ?? 'application/octet-stream';
}

/**
 * `path` is a URL path (`/assets/runtime.MMVYJIJM.js`). Hashed files are immutable for a year;
 * `sw.js` is never stored, so a new deploy reaches every visitor; everything else (HTML,
 * page-data, feeds) is revalidated on every use.
 */
export function cacheControl(path: string, hashed: ReadonlySet<string>): string {
  if (hashed.has(path)) return IMMUTABLE;
  if (path === '/sw.js') return NO_STORE;
  return REVALIDATE;
}

export function fileHeaders(path: string, hashed: ReadonlySet<string>): { contentType: string; cacheControl: string } {
  return { contentType: contentType(path), cacheControl: cacheControl(path, hashed) };
}

/**
 * The Cache-Control rules of `_headers`, as few patterns as give every file of `paths` exactly
 * `cacheControl()`: a folder whose files are all hashed becomes one `/folder/*`, other hashed
 * files are listed one by one. Revalidate is what Netlify and Cloudflare Pages send by default,
 * so it gets no rule: overlapping rules would be merged into one contradictory header there.
 */
export function cacheRules(paths: readonly string[], hashed: ReadonlySet<string>): Array<{ pattern: string; cacheControl: string }> {
  // Only a folder holding a hashed file can become a pattern: those folders (with their parents),
  // and which of them also hold a file that is not hashed. A page's folders are walked from the
  // top and left at the first that holds no hashed file: 13,000 paths, on every watch save.
  const holdsHashed = new Set<string>();
  for (const path of hashed) for (let i = path.indexOf('/', 1); i > 0; i = path.indexOf('/', i + 1)) holdsHashed.add(path.slice(0, i + 1));
  const mixed = new Set<string>();
  for (const path of paths) {
    if (hashed.has(path)) continue;
    for (let i = path.indexOf('/', 1); i > 0; i = path.indexOf('/', i + 1)) {
      const folder = path.slice(0, i + 1);
      if (!holdsHashed.has(folder)) break;
      mixed.add(folder);
    }
  }
  const patterns = new Set<string>();
  for (const path of paths) {
    if (!hashed.has(path)) continue;
    let pattern = path;
    // The shallowest folder holding only hashed files (never the root, which holds the pages).
    for (let i = path.indexOf('/', 1); i > 0; i = path.indexOf('/', i + 1)) {
      const folder = path.slice(0, i + 1);
      if (!mixed.has(folder)) {
        pattern = `${folder}*`;
        break;
      }
    }
    patterns.add(pattern);
  }
  const rules = [...patterns].sort().map((pattern) => ({ pattern, cacheControl: IMMUTABLE }));
  if (paths.includes('/sw.js')) rules.push({ pattern: '/sw.js', cacheControl: NO_STORE });
  return rules;
}
