import { statSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { SiteConfig } from '../config/index.ts';
import { readValidYaml } from '../config/index.ts';
import { scanSlugLine } from './slug-location.ts';
import {
  emptyPostError,
  invalidPostSlugError,
  isSiteError,
  locate,
  manyProblemsError,
  missingFileError,
  unplacedPostFileError,
  type SiteError,
  type SourceLocation,
} from '../errors/index.ts';
import { displayPath } from '../node/display-path.ts';
import { contentHash } from '../node/hash.ts';
import { pathWithin } from '../node/path-within.ts';
import { readText, readTextSync } from '../node/read-text.ts';
import { parseFrontMatter } from './front-matter.ts';
import { postSlug } from '../scaffold/index.ts';
import { findLocaleGaps, type LocaleGap } from './locale-gaps.ts';
import { assertImagesExist, checkYamlImages, findMarkdownImages, siteFolderOf } from './markdown-images.ts';
import { hashBody, resolveBody, type MarkdownSource } from './markdown-source.ts';
import { PostIndex, type FileStamp } from './post-index.ts';
import { findCodeRanges } from './code-ranges.ts';
import { findShortcodes } from './shortcodes.ts';
import { resolveReferences } from './resolve-references.ts';
import { assertUniqueTranslationKeys } from './translation-keys.ts';
import { readingMinutes } from './reading-time.ts';
import {
  collectionSchema,
  documentFrontMatterSchema,
  navigationSchema,
  pageSchema,
  postFrontMatterSchema,
  type NavigationSource,
  type PageSource,
  type PostFrontMatter,
} from './schemas.ts';

export interface Page extends PageSource {
  id: string;
  file: string;
  /** Where each locale's slug is declared, for errors about URLs. */
  slugLocations: Record<string, SourceLocation>;
  locate: (path: Array<string | number>) => SourceLocation;
  documents: Record<string, { meta: { title: string; description: string; updated?: string }; markdown: MarkdownSource }>;
}

export interface Post extends PostFrontMatter {
  locale: string;
  slug: string;
  file: string;
  markdown: MarkdownSource;
  readingMinutes: number;
}

export interface Content {
  pages: Page[];
  collections: Record<string, Array<Record<string, unknown>>>;
  /** Published posts per locale, newest first. */
  posts: Record<string, Post[]>;
  drafts: Post[];
  /** Per-locale values of page data and collections that lack a locale (shown in the default's words): warnings. */
  localeGaps: LocaleGap[];
  navigation: NavigationSource & { file: string; locate: (path: Array<string | number>) => SourceLocation };
}

export interface LoadContentOptions {
  siteDir: string;
  config: SiteConfig;
  /** Where parsed posts are remembered between builds; none: parse everything. */
  cacheDir?: string;
  /** Use what the cache remembers, write nothing to it (a command that only reads the site). */
  cacheReadOnly?: boolean;
  /** A file's stamp as the build took it (its size, times and inode), so a post is not stat'ed again; none: each is stat'ed. */
  stampOf?: (file: string) => FileStamp | undefined;
  /** A watch session's last content and the files saved since: other posts are taken as they were (no stat, no parse). */
  known?: {
    content: Content;
    changed: ReadonlySet<string>;
    /** No file under site/blog was added or removed: the last listing holds. */
    listed?: boolean;
    /** Only files under site/blog/ were saved: the last pages, collections and navigation hold (with their locale gaps; posts have none). */
    pagesKept?: boolean;
  };
}

export type { MarkdownSource };

export async function loadContent(options: LoadContentOptions): Promise<Content> {
  // Every problem of every file is collected and reported at once: an editor moving a blog in
  // should not need one run per broken image.
  const problems: SiteError[] = [];
  const localeGaps: LocaleGap[] = [];
  const last = options.known?.pagesKept ? options.known.content : undefined;
  if (last) localeGaps.push(...last.localeGaps);
  const settled = await Promise.allSettled([
    last?.pages ?? loadPages(options, problems, localeGaps),
    last?.collections ?? loadCollections(options, localeGaps),
    loadPosts(options, problems),
    last?.navigation ?? loadNavigation(options),
  ]);
  for (const result of settled) if (result.status === 'rejected') problems.push(asSiteProblem(result.reason));
  if (settled.every((r) => r.status === 'fulfilled')) {
    const [pages, , postsAndDrafts] = settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as [Page[], unknown, Pick<Content, 'posts' | 'drafts'>];
    const sources = pages.flatMap((p) => Object.values(p.documents).map((d) => d.markdown));
    // A watch save of existing posts alone (none added or removed, nothing outside site/blog/): the
    // posts it did not read again had their images found when they were read, and no file was
    // removed since. Walking 4,000 posts to ask again cost 3-4 ms of every save.
    const known = options.known?.pagesKept && options.known.listed ? options.known.content.posts : undefined;
    for (const [locale, posts] of Object.entries(postsAndDrafts.posts)) {
      const before = known?.[locale];
      for (let i = 0; i < posts.length; i++) if (posts[i] !== before?.[i]) sources.push(posts[i]!.markdown);
    }
    for (const source of sources) assertImagesExist(source.images, { siteDir: options.siteDir, file: source.file }, problems);
  }
  if (problems.length) throw manyProblemsError(problems);
  const [pages, collections, postsAndDrafts, navigation] = settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as [
    Page[],
    Content['collections'],
    Pick<Content, 'posts' | 'drafts'>,
    Content['navigation'],
  ];
  if (!keysChecked.has(postsAndDrafts.posts)) assertUniqueTranslationKeys(postsAndDrafts.posts);
  keysChecked.add(postsAndDrafts.posts);
  // Files load in parallel: sorted, the warnings come in the same order every build.
  localeGaps.sort((a, b) => (a.location.file < b.location.file ? -1 : a.location.file > b.location.file ? 1 : (a.location.line ?? 0) - (b.location.line ?? 0)));
  return { pages, collections, ...postsAndDrafts, localeGaps, navigation };
}

/**
 * The pages alone (site/pages and their documents), for a server that needs their slugs and not
 * the blog: `serve`'s and `forms`' thank-you redirects. Reading every post there took ~2.5 s of
 * `serve`'s start at 1,000 posts per locale, and a broken post stopped the leads endpoint.
 */
export async function loadPagesAlone(options: Pick<LoadContentOptions, 'siteDir' | 'config'>): Promise<Page[]> {
  const problems: SiteError[] = [];
  const pages = await loadPages(options, problems, []);
  if (problems.length) throw manyProblemsError(problems);
  return pages;
}

/** A SiteError joins the others; anything else is a bug and stops the build as it is. */
function asSiteProblem(error: unknown): SiteError {
  if (isSiteError(error)) return error;
  throw error;
}

async function listFiles(dir: string, ext: string): Promise<string[]> {
  try {
    const names = await readdir(dir);
    return names
      .filter((n) => extname(n) === ext)
      .sort()
      .map((n) => join(dir, n));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function loadPages({ siteDir, config }: LoadContentOptions, problems: SiteError[], localeGaps: LocaleGap[]): Promise<Page[]> {
  const schema = pageSchema(config.locales);
  const files = await listFiles(join(siteDir, 'pages'), '.yaml');
  return Promise.all(
    files.map(async (path) => {
      const file = displayPath(path);
      const src = { file, source: await readText(path) };
      const valid = readValidYaml(src, schema, 'page', { variant: config.locales.join() });
      const page = resolveReferences(valid, { constants: config.constants, numberLocales: numberLocales(config), locate: (p) => locate(src, p) });
      checkYamlImages(page.data, { siteDir, locate: (p) => locate(src, p) }, ['data']);
      localeGaps.push(...findLocaleGaps(page.data, ['data'], { ...config, locate: (p) => locate(src, p) }));
      const slugLocations: Record<string, SourceLocation> = {};
      for (const locale of Object.keys(page.slug)) slugLocations[locale] = scanSlugLine(src, locale) ?? locate(src, ['slug', locale]);
      const documents: Page['documents'] = {};
      for (const [locale, rel] of Object.entries(page.markdown ?? {})) {
        const docPath = join(siteDir, rel!);
        const text = await readText(docPath).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
          throw missingFileError(locate(src, ['markdown', locale]), rel!, `markdown.${locale}`);
        });
        const parsed = parseFrontMatter(displayPath(docPath), text, documentFrontMatterSchema, 'document front matter');
        documents[locale] = {
          meta: parsed.data,
          markdown: markdownSource({ path: docPath, siteDir, text, body: parsed.body, bodyLine: parsed.bodyLine, config, locale, problems }),
        };
      }
      return { ...page, id: basename(path, '.yaml'), file, slugLocations, documents, locate: (p: Array<string | number>) => locate(src, p) };
    }),
  );
}

async function loadCollections({ siteDir, config }: LoadContentOptions, localeGaps: LocaleGap[]): Promise<Content['collections']> {
  const files = await listFiles(join(siteDir, 'collections'), '.yaml');
  const entries = await Promise.all(
    files.map(async (path) => {
      const src = { file: displayPath(path), source: await readText(path) };
      const valid = readValidYaml(src, collectionSchema, 'collection');
      const resolved = resolveReferences(valid, { constants: config.constants, numberLocales: numberLocales(config), locate: (p) => locate(src, p) });
      checkYamlImages(resolved.items, { siteDir, locate: (p) => locate(src, p) }, ['items']);
      localeGaps.push(...findLocaleGaps(resolved.items, ['items'], { ...config, locate: (p) => locate(src, p) }));
      return [basename(path, '.yaml'), resolved.items] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function loadNavigation({ siteDir }: LoadContentOptions): Promise<Content['navigation']> {
  const path = join(siteDir, 'navigation.yaml');
  const file = displayPath(path);
  const source = await readText(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return 'navbar: []\nfooter: []\n';
    throw error;
  });
  const src = { file, source };
  return { ...readValidYaml(src, navigationSchema, 'navigation'), file, locate: (p) => locate(src, p) };
}

/** The last listing of site/blog, for a watch rebuild that added and removed nothing there. */
let lastListing: { siteDir: string; files: PostFile[]; problems: SiteError[] } | undefined;

/** Posts remembered under older rules (empty bodies, slugs) are read and judged again. */
const POST_RULES = 'post-rules-5';

async function loadPosts(
  { siteDir, config, cacheDir, cacheReadOnly, known, stampOf }: LoadContentOptions,
  problems: SiteError[],
): Promise<Pick<Content, 'posts' | 'drafts'>> {
  const reuseListing = known?.listed && lastListing?.siteDir === siteDir;
  if (!reuseListing) {
    const unplaced: SiteError[] = [];
    lastListing = { siteDir, files: await findPostFiles(siteDir, config, unplaced), problems: unplaced };
  }
  const found = lastListing!.files;
  problems.push(...lastListing!.problems);
  if (known) return withSavedPosts(known, found, siteDir, config, problems);
  const index = new PostIndex<Post>(cacheDir, contentHash(POST_RULES, JSON.stringify(config.constants), JSON.stringify(config.settings.images.remoteHosts)));
  const loaded: Post[] = [];
  let read = 0;
  for (const file of found) {
    // Reading posts is synchronous; a pause now and then lets pipes from other processes drain
    // (the translation status reads git history meanwhile, and git stops when its pipe is full).
    if (read++ % 32 === 31) await new Promise(setImmediate);
    try {
      const stats = stampOf?.(file.path) ?? statSync(file.path);
      const cached = index.get(file.path, stats);
      // The shown path depends on where the command runs, so it is not taken from the cache.
      if (cached) {
        const shown = displayPath(file.path);
        loaded.push({ ...cached, file: shown, markdown: { ...cached.markdown, file: shown } });
        continue;
      }
      const found = problems.length;
      const post = readPost(file, siteDir, config, problems);
      // A post with a problem is read (and reported) again next time.
      if (problems.length === found) index.set(file.path, stats, post);
      loaded.push(post);
    } catch (error) {
      problems.push(asSiteProblem(error));
    }
  }
  // Remembered only when every post read well: a post with a problem must be read (and reported) again.
  if (!problems.length && !cacheReadOnly) index.save();
  return inBlogOrder(loaded, config);
}

/**
 * Watch: the last build's posts, with the saved files read again (and new ones, and without deleted
 * ones). When nothing was added or removed and no saved post changed its place in the order (locale,
 * slug, date, draft), the last lists hold with the saved posts swapped in: sorting 2,000 posts a
 * language again cost more than reading the one that was saved.
 */
function withSavedPosts(
  known: NonNullable<LoadContentOptions['known']>,
  found: PostFile[],
  siteDir: string,
  config: SiteConfig,
  problems: SiteError[],
): Pick<Content, 'posts' | 'drafts'> {
  const { posts: lastPosts, drafts: lastDrafts } = known.content;
  const places = placesOf(known.content);
  const before = (path: string) => postByFile(known.content, path);
  const saved = new Map<string, Post | undefined>();
  for (const file of found) {
    if (!known.changed.has(file.path) && places.has(file.path)) continue;
    try {
      saved.set(file.path, readPost(file, siteDir, config, problems));
    } catch (error) {
      problems.push(asSiteProblem(error));
      saved.set(file.path, undefined);
    }
  }
  const samePlace = (post: Post | undefined, was: Post | undefined) =>
    post && was && post.locale === was.locale && post.slug === was.slug && post.date === was.date && Boolean(post.draft) === Boolean(was.draft);
  if (found.length === places.size && [...saved].every(([path, post]) => samePlace(post, before(path)))) {
    // Only the lists holding a saved post are copied; every post keeps its place, so the places hold too.
    const posts = { ...lastPosts };
    let drafts = lastDrafts;
    for (const [path, post] of saved) {
      const [locale, i] = places.get(path)!;
      if (locale === undefined) (drafts = drafts === lastDrafts ? [...drafts] : drafts)[i] = post!;
      else (posts[locale] = posts[locale] === lastPosts[locale] ? [...lastPosts[locale]!] : posts[locale]!)[i] = post!;
    }
    postPlaces.set(posts, places);
    // Checked last time, and no saved post changed its pairing: the keys are still one per locale.
    if (keysChecked.has(lastPosts) && [...saved].every(([path, post]) => post!.translationKey === before(path)!.translationKey)) keysChecked.add(posts);
    return { posts, drafts };
  }
  return inBlogOrder(
    found.flatMap((file) => (saved.has(file.path) ? (saved.get(file.path) ?? []) : before(file.path)!)),
    config,
  );
}

/** The post (published or draft) read from this file, found without scanning every post. */
export function postByFile(content: Pick<Content, 'posts' | 'drafts'>, file: string): Post | undefined {
  const place = placesOf(content).get(file);
  return place && (place[0] === undefined ? content.drafts : content.posts[place[0]]!)[place[1]];
}

/** Post lists whose translation keys were found unique (a watch save that changed none is not checked again). */
const keysChecked = new WeakSet<Content['posts']>();

/** Each post's place in its content's lists, by file: its locale (undefined for a draft) and index. */
type Place = [locale: string | undefined, index: number];
const postPlaces = new WeakMap<Content['posts'], Map<string, Place>>();
function placesOf(content: Pick<Content, 'posts' | 'drafts'>): Map<string, Place> {
  let places = postPlaces.get(content.posts);
  if (!places) {
    places = new Map();
    for (const [locale, list] of Object.entries(content.posts)) list.forEach((p, i) => places!.set(p.markdown.path, [locale, i]));
    content.drafts.forEach((p, i) => places!.set(p.markdown.path, [undefined, i]));
    postPlaces.set(content.posts, places);
  }
  return places;
}

/** Each locale's published posts in blog order, and the drafts. */
function inBlogOrder(loaded: Post[], config: SiteConfig): Pick<Content, 'posts' | 'drafts'> {
  const posts: Record<string, Post[]> = {};
  for (const locale of config.locales) posts[locale] = loaded.filter((p) => p.locale === locale && !p.draft).sort(newestFirst);
  return { posts, drafts: loaded.filter((p) => p.draft) };
}

/**
 * Blog order: newest first, then by slug. Dates are YYYY-MM-DD (the schema says so), so comparing
 * them as strings is comparing days, without localeCompare's cost on every save of a watch session.
 */
export function newestFirst(a: Pick<Post, 'date' | 'slug'>, b: Pick<Post, 'date' | 'slug'>): number {
  return a.date < b.date ? 1 : a.date > b.date ? -1 : bySlug(a.slug, b.slug);
}

// Lowercase letters, digits and "-" sort the same by code unit as by localeCompare, whose first call
// builds ICU's collator: 11-16 ms of a one-post build, for slugs that are nearly always these.
const PLAIN_SLUG = /^[a-z0-9-]*$/;
function bySlug(a: string, b: string): number {
  if (PLAIN_SLUG.test(a) && PLAIN_SLUG.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return a.localeCompare(b);
}

/** Each locale's tag for writing numbers (site.yaml's dateLocale). */
function numberLocales(config: SiteConfig): Record<string, string> {
  return Object.fromEntries(Object.entries(config.settings.locales).map(([locale, settings]) => [locale, settings.dateLocale]));
}

/** A post's file and what its place says: locale, slug and, in a folder of translations, its key. */
export interface PostFile {
  path: string;
  locale: string;
  slug: string;
  /** A bundle of translations (`blog/<slug>/index.es.md`): the folder name pairs them unless front matter says otherwise. */
  translationKey?: string;
}

/**
 * The posts under site/blog, from one listing of the folder. Three layouts, mixed freely:
 * `<locale>/<slug>.md`, `<locale>/<slug>/index.md`, and `<slug>/index.md` with its translations
 * beside it as `index.<locale>.md` (Hugo's and Gatsby's bundles). Other files are a post's own.
 */
export async function findPostFiles(siteDir: string, config: Pick<SiteConfig, 'locales' | 'defaultLocale'>, problems: SiteError[] = []): Promise<PostFile[]> {
  const blogDir = join(siteDir, 'blog');
  let entries: Dirent[];
  try {
    entries = await readdir(blogDir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const locales = new Set(config.locales);
  const files: PostFile[] = [];
  const unplaced: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const path = join(entry.parentPath, entry.name);
    const parts = pathWithin(blogDir, path)!.split('/');
    if (parts.length === 2 && locales.has(parts[0]!)) files.push({ path, locale: parts[0]!, slug: basename(parts[1]!, '.md') });
    else if (parts.length === 3 && locales.has(parts[0]!) && parts[2] === 'index.md') files.push({ path, locale: parts[0]!, slug: parts[1]! });
    else if (parts.length === 2 && INDEX.test(parts[1]!) && locales.has(INDEX.exec(parts[1]!)![1] ?? config.defaultLocale)) {
      files.push({ path, locale: INDEX.exec(parts[1]!)![1] ?? config.defaultLocale, slug: parts[0]!, translationKey: parts[0]! });
    } else unplaced.push(path);
  }
  // The files of one folder left out for one reason are one problem: a Hugo section of 50 posts is
  // one folder to move, not 50 errors. A folder with a post's index.md is that post's folder.
  const postFolders = new Set(files.map((f) => dirname(f.path)));
  const groups = new Map<string, string[]>();
  for (const path of unplaced.sort()) {
    const parts = pathWithin(blogDir, path)!.split('/');
    const key = `${dirname(path)}\0${whyUnplaced(parts, config.locales, postFolders.has(dirname(path)), 1)}`;
    groups.set(key, [...(groups.get(key) ?? []), path]);
  }
  for (const paths of groups.values()) {
    const parts = pathWithin(blogDir, paths[0]!)!.split('/');
    const why = whyUnplaced(parts, config.locales, postFolders.has(dirname(paths[0]!)), paths.length);
    problems.push(
      unplacedPostFileError(
        displayPath(paths[0]!),
        why,
        paths.map((p) => basename(p)),
      ),
    );
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A bundle's post: `index.md` in the default locale, `index.es.md` in another. */
const INDEX = /^index(?:\.([a-z]{2}(?:-[A-Za-z]{2})?))?\.md$/;
const LOCALE_LIKE = /^[a-z]{2}(?:-[A-Za-z]{2})?$/;

/**
 * Why a markdown file under site/blog (its path there, in parts) is in no post layout, in words that
 * say where it should go; `inPostFolder`: its folder holds a post's index.md; `count`: the files of
 * its folder left out for this reason.
 */
function whyUnplaced(parts: string[], locales: readonly string[], inPostFolder: boolean, count: number): string {
  const name = parts.at(-1)!;
  const known = `this site's locales are ${locales.join(', ')} (site.yaml)`;
  const locale = INDEX.exec(name)?.[1] ?? (parts.length === 2 && LOCALE_LIKE.test(parts[0]!) ? parts[0] : undefined);
  if (/^_index(\.[\w-]+)?\.md$/.test(name)) return "it is a Hugo section page (_index.md); this site's blog list is site/pages/blog.yaml";
  if (locale && !locales.includes(locale) && parts.length <= 3) return `it is written in "${locale}", and ${known}`;
  if (parts.length === 1)
    return `a post is a folder (site/blog/${basename(name, '.md')}/index.md) or a file in a locale folder (site/blog/${locales[0]}/${name})`;
  if (parts.length > 3 || (parts.length === 3 && !locales.includes(parts[0]!)))
    return `it is ${parts.length - 1} folders deep, and a post is site/blog/<slug>/index.md or site/blog/<locale>/<slug>/index.md: move its folder to site/blog/${parts.at(-2)}/`;
  if (parts.length === 2 && !inPostFolder) {
    const them = count > 1 ? 'them' : 'it';
    return `site/blog/${parts[0]}/ holds posts as files, as a Hugo section does; here a post is site/blog/<locale>/<slug>.md or a folder of its own: move ${them} to site/blog/${locales[0]}/ (and translations to site/blog/<locale>/)`;
  }
  return parts.length === 3
    ? `in a post's folder under a locale, only index.md is the post`
    : `in a post's folder, only index.md and its translations (index.<locale>.md) are posts`;
}

/**
 * Reads and validates one post. Problems in its body (images) are added to `problems` and the
 * post is still returned, so its other images are checked too; without `problems` they throw.
 * readFileSync: for thousands of small files it beats fs/promises severalfold.
 */
export function readPost(place: PostFile, siteDir: string, config: SiteConfig, problems?: SiteError[]): Post {
  const { path, locale, slug } = place;
  const file = displayPath(path);
  // The same rule as page slugs in YAML: the file (or folder) name is the URL.
  if (!POST_SLUG.test(slug)) throw invalidPostSlugError(file, slug, postSlug(slug), basename(path, '.md') !== slug);
  const text = readTextSync(path);
  const parsed = parseFrontMatter(file, text, postFrontMatterSchema, 'post front matter');
  if (!parsed.data.draft && !parsed.body.trim()) throw emptyPostError({ file, line: parsed.bodyLine });
  const found: SiteError[] = problems ?? [];
  const markdown = markdownSource({ path, siteDir, text, body: parsed.body, bodyLine: parsed.bodyLine, config, locale, problems: found });
  if (!problems && found.length) throw manyProblemsError(found);
  const translationKey = parsed.data.translationKey ?? (place.translationKey ? keyOf(place.translationKey) : undefined);
  return {
    ...parsed.data,
    ...(translationKey ? { translationKey } : {}),
    locale,
    slug,
    file,
    markdown,
    readingMinutes: readingMinutes(parsed.body),
  };
}

const POST_SLUG = /^[a-z0-9_-]+$/;

/** A folder name as a translation key (lowercase letters, digits and "-", as the front matter field). */
const keyOf = (folder: string) =>
  folder
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Constants are resolved in markdown text too, so a post can say {claims.trialDays} and stay true. */
function markdownSource(o: {
  path: string;
  siteDir: string;
  text: string;
  body: string;
  bodyLine: number;
  config: SiteConfig;
  locale: string;
  problems: SiteError[];
}): MarkdownSource {
  const file = displayPath(o.path);
  const numberLocale = o.config.settings.locales[o.locale]?.dateLocale;
  const resolved = resolveBody(o.body, { file, bodyLine: o.bodyLine, numberLocale }, o.config.constants);
  // Both resolved: `serve` and `forms` name the site folder as given (./site), a build as absolute.
  const dir = siteFolderOf(resolve(o.siteDir), resolve(o.path));
  const code = findCodeRanges(o.body);
  const images = findMarkdownImages(o.body, { file, bodyLine: o.bodyLine, dir, remoteHosts: o.config.settings.images.remoteHosts }, o.problems, code);
  findShortcodes(o.body, { file, bodyLine: o.bodyLine }, o.problems, code);
  return {
    file,
    path: o.path,
    dir,
    bodyOffset: o.text.length - o.body.length,
    bodyLine: o.bodyLine,
    hash: hashBody(resolved),
    images,
    ...(numberLocale ? { numberLocale } : {}),
  };
}
