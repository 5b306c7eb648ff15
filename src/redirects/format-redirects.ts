import type { Redirect } from './build-redirect-map.ts';

/** The map as the build publishes it in out/ for `serve` and `deploy` (not uploaded: a host file). */
export const REDIRECT_MAP_FILE = '_redirect-map.json';

/** `baseUrl` names the targets in the redirect pages `deploy` writes (their canonical link). */
export function redirectMapJson(redirects: readonly Redirect[], baseUrl: string): string {
  return JSON.stringify({ version: 1, baseUrl, redirects }) + '\n';
}

/** The map of a built out/, or none when the file is missing or from another version. */
export function parseRedirectMap(text: string | undefined): { baseUrl: string; redirects: Redirect[] } {
  const none = { baseUrl: '', redirects: [] };
  if (!text) return none;
  try {
    const parsed = JSON.parse(text) as { version?: unknown; baseUrl?: unknown; redirects?: unknown };
    if (parsed.version !== 1 || !Array.isArray(parsed.redirects)) return none;
    return { baseUrl: typeof parsed.baseUrl === 'string' ? parsed.baseUrl : '', redirects: parsed.redirects as Redirect[] };
  } catch {
    return none;
  }
}

/** `_redirects` lines for Netlify- and Cloudflare-style hosts, in the map's order (first match wins). */
export function redirectLines(redirects: readonly Redirect[]): string[] {
  if (!redirects.length) return [];
  return [
    '# Old URLs (aliases, site/redirects.yaml, site/urls.lock), made by the build: edit those, not this file.',
    ...redirects.map((r) => (r.status === 410 ? `${r.from} /404.html 410` : `${r.from} ${r.to} 301`)),
  ];
}

const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page a bucket without CloudFront serves at an old path: a meta refresh and a canonical
 * link to the target, so browsers move on and search engines credit the new URL.
 */
export function redirectPageHtml(to: string, baseUrl: string): string {
  const absolute = /^https:\/\//.test(to) ? to : `${baseUrl}${to}`;
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${html(absolute)}</title>` +
    `<meta name="robots" content="noindex"><link rel="canonical" href="${html(absolute)}">` +
    `<meta http-equiv="refresh" content="0; url=${html(to)}"></head>` +
    `<body><p><a href="${html(to)}">${html(absolute)}</a></p></body></html>\n`
  );
}

/**
 * A CloudFront Function (cloudfront-js-2.0, viewer request) that answers the map at the edge:
 * 301 with the query string kept, or 410. Exact paths in an object, splats longest first. Any
 * other request goes on to the bucket, with `index.html` added to a folder URL: a behaviour runs
 * one viewer-request function, so this one also does the rewrite the README's setup needs.
 */
export function cloudfrontFunctionCode(redirects: readonly Redirect[]): string {
  const exact: Record<string, [number, string]> = {};
  const splats: Array<[string, number, string]> = [];
  for (const r of redirects) {
    if (r.from.endsWith('/*')) splats.push([r.from.slice(0, -1), r.status, r.to ?? '']);
    else exact[r.from] = [r.status, r.to ?? ''];
  }
  return `// Made by agency-site deploy from the site's redirect map; edit aliases or site/redirects.yaml instead.
var EXACT = ${JSON.stringify(exact)};
var SPLATS = ${JSON.stringify(splats)};

function query(qs) {
  var parts = [];
  for (var name in qs) {
    var entry = qs[name];
    var values = entry.multiValue ? entry.multiValue : [entry];
    for (var i = 0; i < values.length; i++) {
      var v = values[i].value;
      parts.push(encodeURIComponent(name) + (v === '' ? '' : '=' + encodeURIComponent(v)));
    }
  }
  return parts.length ? '?' + parts.join('&') : '';
}

function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var key = uri;
  if (key.charAt(key.length - 1) !== '/' && key.slice(key.lastIndexOf('/') + 1).indexOf('.') < 0) key += '/';
  var hit = EXACT[key];
  if (!hit) {
    for (var i = 0; i < SPLATS.length; i++) {
      if (uri.indexOf(SPLATS[i][0]) === 0) {
        hit = [SPLATS[i][1], SPLATS[i][2].replace(':splat', uri.slice(SPLATS[i][0].length))];
        break;
      }
    }
  }
  if (!hit) {
    if (uri.charAt(uri.length - 1) === '/') request.uri = uri + 'index.html';
    return request;
  }
  if (hit[0] === 410) return { statusCode: 410, statusDescription: 'Gone', headers: { 'cache-control': { value: 'public, max-age=3600' } } };
  var location = hit[1];
  if (location.indexOf('?') < 0) location += query(request.querystring || {});
  return {
    statusCode: 301,
    statusDescription: 'Moved Permanently',
    headers: { location: { value: location }, 'cache-control': { value: 'public, max-age=3600' } },
  };
}
`;
}
