import type { HeadData } from '../shared/page-data.ts';

function setMeta(selector: string, attribute: string, value: string) {
  const el = document.head.querySelector<HTMLMetaElement | HTMLLinkElement>(selector);
  if (el) el.setAttribute(attribute, value);
}

/** After a client navigation, the head says what the server-rendered page would: title, language, links. */
export function updateHead(head: HeadData, lang: string, siteName: string): void {
  // Same rule as templates/Document.tsx: the site name only when the whole still fits in 60 characters.
  const full = `${head.title} | ${siteName}`;
  document.title = head.title.includes(siteName) || full.length > 60 ? head.title : full;
  document.documentElement.lang = lang;
  setMeta('meta[name="description"]', 'content', head.description);
  setMeta('link[rel="canonical"]', 'href', head.canonical);
  setMeta('meta[property="og:title"]', 'content', head.title);
  setMeta('meta[property="og:description"]', 'content', head.description);
  setMeta('meta[property="og:url"]', 'content', head.canonical);
  setMeta('meta[property="og:locale"]', 'content', head.ogLocale);
  for (const link of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) link.remove();
  const canonical = document.head.querySelector('link[rel="canonical"]');
  for (const alt of head.alternates) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = alt.hreflang;
    link.href = alt.href;
    canonical?.after(link);
  }
  let robots = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
  if (head.noindex && !robots) {
    robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex, follow';
    document.head.append(robots);
  } else if (!head.noindex) robots?.remove();
}
