export interface InternalLink {
  /** Decoded URL path without query (`/es/blog/`). */
  path: string;
  /** Decoded fragment without `#`, or undefined when the link has none. */
  fragment: string | undefined;
}

/**
 * Where an href or src leads inside the site, or undefined for another origin, `mailto:` and the
 * like. Relative links resolve against the page; absolute ones count when they name the site itself.
 */
export function resolveLink(value: string, options: { pagePath: string; baseUrl: string }): InternalLink | undefined {
  const href = value.trim();
  if (href === '' || /^(mailto|tel|sms|javascript|data|blob):/i.test(href)) return undefined;
  const site = new URL(options.baseUrl);
  let url: URL;
  try {
    url = new URL(href, new URL(options.pagePath, site));
  } catch {
    return undefined;
  }
  if (url.origin !== site.origin) return undefined;
  const hash = url.hash.slice(1);
  return { path: safeDecode(url.pathname), fragment: href.includes('#') ? safeDecode(hash) : undefined };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The URL of a built page as canonical and hreflang links must state it. */
export function pageUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}
