/**
 * The one localization strategy: the default locale is unprefixed, every other locale lives under /<locale>/.
 * `slug` is a page's slug in that locale: "" for the home page, "blog/my-post", or a file such as "404.html".
 */
export function localizePath(options: { locale: string; defaultLocale: string; slug: string }): string {
  const slug = options.slug.replace(/^\/+|\/+$/g, '');
  const prefix = options.locale === options.defaultLocale ? '' : `/${options.locale}`;
  if (slug === '') return `${prefix}/`;
  if (/\.[a-z0-9]+$/i.test(slug)) return `${prefix}/${slug}`;
  return `${prefix}/${slug}/`;
}

/**
 * The locale a path belongs to, from its first segment; `defaultLocale` when the path has no other
 * locale's prefix. The one copy: the planner, the forms' thank-you pages, the runtime's loader and
 * `serve`'s 404 page (which passes '' to get no prefix) all ask it.
 */
export function localeOfPath(path: string, locales: readonly string[], defaultLocale: string): string {
  const first = path.split('/')[1] ?? '';
  return locales.includes(first) && first !== defaultLocale ? first : defaultLocale;
}

/** Where a path's HTML is written inside out/: `/es/blog/` → `es/blog/index.html`. */
export function outFileOfPath(path: string): string {
  const trimmed = path.replace(/^\/+/, '');
  if (trimmed === '') return 'index.html';
  if (/\.[a-z0-9]+$/i.test(trimmed)) return trimmed;
  return `${trimmed.replace(/\/+$/, '')}/index.html`;
}
