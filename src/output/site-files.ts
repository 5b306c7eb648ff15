import type { FeedEntry, PlannedPage, SitePlan } from '../plan/index.ts';
import { tagSlug } from '../shared/tag-slug.ts';
import { PROXY_PATH } from '../shared/site-urls.ts';
import { redirectLines, type Redirect } from '../redirects/index.ts';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// One test, and one pass only when needed: feeds and the sitemap escape tens of thousands of
// strings on a watch save, and most have nothing to escape.
const xml = (text: string) => (/[&<>"]/.test(text) ? text.replace(/[&<>"]/g, (c) => XML_ESCAPES[c]!) : text);

/** sitemap.xml with an xhtml:link per language version; section previews and noindex pages left out. */
export function sitemapXml(pages: PlannedPage[]): string {
  const listed = pages.filter((p) => p.inSitemap);
  const inSitemap = new Set(listed.map((p) => p.head.canonical));
  const urls = listed.map((page) => {
    const links = page.head.alternates
      .filter((a) => inSitemap.has(a.href))
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xml(a.href)}"/>`)
      .join('');
    const lastmod = page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : '';
    return `<url><loc>${xml(page.head.canonical)}</loc>${lastmod}${links}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}

/** An Atom feed of one locale's posts, newest first; each tag a category with an ASCII term and the shown label. */
export function atomFeed(feed: SitePlan['feeds'][string], options: { baseUrl: string; locale: string; author: string }): string {
  const updated = feed.entries.reduce((max, e) => ((e.updated ?? e.date) > max ? (e.updated ?? e.date) : max), '1970-01-01');
  const entries = feed.entries.map(entryXml);
  return (
    `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${options.locale}">` +
    `<title>${xml(feed.title)}</title><link href="${xml(feed.url)}"/><link rel="self" href="${xml(options.baseUrl + feed.path)}"/>` +
    `<id>${xml(feed.url)}</id><updated>${updated}T00:00:00Z</updated><author><name>${xml(options.author)}</name></author>\n` +
    `${entries.join('\n')}\n</feed>\n`
  );
}

/** An entry's XML, kept by entry: the plan hands on the same entry while its post is unchanged (a watch save of another post). */
function entryXml(e: FeedEntry): string {
  let text = entryTexts.get(e);
  if (text === undefined) {
    text =
      `<entry><title>${xml(e.title)}</title><link href="${xml(e.url)}"/><id>${xml(e.url)}</id>` +
      `<published>${e.date}T00:00:00Z</published><updated>${e.updated ?? e.date}T00:00:00Z</updated>` +
      `<summary>${xml(e.description)}</summary>${e.tags.map((t) => `<category term="${xml(tagSlug(t))}" label="${xml(t)}"/>`).join('')}</entry>`;
    entryTexts.set(e, text);
  }
  return text;
}
const entryTexts = new WeakMap<FeedEntry, string>();

/** `_headers` for static hosts (Netlify, Cloudflare Pages): the same headers `serve` and `deploy` send. */
export function headersFile(security: Record<string, string>, cache: ReadonlyArray<{ pattern: string; cacheControl: string }>): string {
  const lines = ['/*', ...Object.entries(security).map(([k, v]) => `  ${k}: ${v}`)];
  for (const rule of cache) lines.push(rule.pattern, `  cache-control: ${rule.cacheControl}`);
  return lines.join('\n') + '\n';
}

/**
 * `_redirects`: each allowlisted third-party URL as a 200 rewrite of the proxy path with that exact
 * query, then the site's redirect map (old URLs: 301, or 410).
 */
export function redirectsFile(allowlist: readonly string[], redirects: readonly Redirect[] = []): string {
  const lines = [`# Third-party scripts served through ${PROXY_PATH} on hosts that rewrite (exact URL match only).`];
  for (const url of allowlist) lines.push(`${PROXY_PATH} url=${encodeURIComponent(url)} ${url} 200`);
  lines.push(...redirectLines(redirects));
  return lines.join('\n') + '\n';
}
