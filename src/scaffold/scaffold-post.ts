import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSiteConfig } from '../config/index.ts';
import { displayPath } from '../node/display-path.ts';
import { emptySlugError, postExistsError, unknownLocaleError } from '../errors/index.ts';

/** "Índices en PostgreSQL: guía" → "indices-en-postgresql-guia": lowercase, accents stripped, anything else a dash. */
export function postSlug(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The text of a new post: valid front matter, kept out of the build (`draft: true`) until it is written. */
export function postTemplate(options: { title: string; slug: string; date: string }): string {
  // JSON strings are valid YAML double-quoted scalars, so any title (colons, quotes, accents) stays one value.
  const title = JSON.stringify(options.title);
  return [
    '---',
    `title: ${title}`,
    `description: ${title}`,
    `date: ${options.date}`,
    'tags: []',
    `translationKey: ${options.slug}`,
    'draft: true',
    '---',
    '',
    '',
  ].join('\n');
}

/** Today in the machine's time zone, as front matter writes dates. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface ScaffoldPostOptions {
  siteDir: string;
  locale?: string;
  title: string;
  date?: string;
}

/** Writes site/blog/<locale>/<slug>.md; never overwrites an existing post. */
export async function scaffoldPost(options: ScaffoldPostOptions): Promise<{ file: string; slug: string }> {
  const config = await loadSiteConfig({ siteDir: options.siteDir });
  const locale = options.locale ?? config.defaultLocale;
  if (!config.locales.includes(locale)) throw unknownLocaleError(locale, config.locales, displayPath(join(options.siteDir, 'site.yaml')));
  const slug = postSlug(options.title);
  if (!slug) throw emptySlugError(options.title);
  const dir = join(options.siteDir, 'blog', locale);
  const path = join(dir, `${slug}.md`);
  mkdirSync(dir, { recursive: true });
  try {
    // 'wx' fails if the file exists, in the same step as creating it.
    writeFileSync(path, postTemplate({ title: options.title.trim(), slug, date: options.date ?? today() }), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw postExistsError(displayPath(path));
    throw error;
  }
  return { file: displayPath(path), slug };
}
