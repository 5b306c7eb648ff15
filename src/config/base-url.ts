/**
 * A base URL is the site's origin: http(s), a host, maybe a port, and nothing after it. Pages,
 * assets and page-data link from the root of the host (`/blog/`), so a path (`https://x.dev/sub`)
 * would put canonicals and feeds under /sub while every link left it.
 */
export function isSiteOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname.replace(/\/+$/, '') === '' && !url.search && !url.hash && !url.username;
}

export const SITE_ORIGIN_EXPECTED =
  "expected the site's origin, like https://staging.example.com: http(s), the host, no path (pages link from the root of the host)";
