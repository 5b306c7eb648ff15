import { statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { SiteConfig } from '../config/index.ts';
import { parseYaml, validateYaml } from '../config/index.ts';
import { scanSlugLine } from './slug-location.ts';
import { locate, missingFileError, type SourceLocation } from '../errors/index.ts';
import { displayPath } from '../node/display-path.ts';
import { contentHash } from '../node/hash.ts';
import { readText, readTextSync } from '../node/read-text.ts';
import { parseFrontMatter } from './front-matter.ts';
import { assertImagesExist, checkYamlImages, findMarkdownImages } from './markdown-images.ts';
import { hashBody, resolveBody, type MarkdownSource } from './markdown-source.ts';
import { PostIndex } from './post-index.ts';
import { resolveReferences } from './resolve-references.ts';
import { assertUniqueTranslationKeys } from './translation-keys.ts';
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
  navigation: NavigationSource & { file: string; locate: (path: Array<string | number>) => SourceLocation };
}

export interface LoadContentOptions {
  siteDir: string;
  config: SiteConfig;
  /** Where parsed posts are remembered between builds; none: parse everything. */
  cacheDir?: string;
  /** A watch session's last content and the files saved since: other posts are taken as they were (no stat, no parse). */
  known?: { content: Content; changed: ReadonlySet<string> };
}

export type { MarkdownSource };

export async function loadContent(options: LoadContentOptions): Promise<Content> {
  const [pages, collections, postsAndDrafts, navigation] = await Promise.all([
    loadPages(options),
    loadCollections(options),
    loadPosts(options),
    loadNavigation(options),
  ]);
  const sources = [
    ...pages.flatMap((p) => Object.values(p.documents).map((d) => d.markdown)),
    ...Object.values(postsAndDrafts.posts)
      .flat()
      .map((p) => p.markdown),
  ];
  assertUniqueTranslationKeys(postsAndDrafts.posts);
  for (const source of sources) assertImagesExist(source.images, { siteDir: options.siteDir, file: source.file });
  return { pages, collections, ...postsAndDrafts, navigation };
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

async function loadPages({ siteDir, config }: LoadContentOptions): Promise<Page[]> {
  const schema = pageSchema(config.locales);
  const files = await listFiles(join(siteDir, 'pages'), '.yaml');
  return Promise.all(
    files.map(async (path) => {
      const file = displayPath(path);
      const src = { file, source: await readText(path) };
      const raw = parseYaml(src);
      const valid = validateYaml(src, raw, schema, 'page');
      const page = resolveReferences(valid, { constants: config.constants, locate: (p) => locate(src, p) });
      checkYamlImages(page.data, { siteDir, locate: (p) => locate(src, p) }, ['data']);
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
          markdown: markdownSource(docPath, text, parsed.body, parsed.bodyLine, config),
        };
      }
      return { ...page, id: basename(path, '.yaml'), file, slugLocations, documents, locate: (p: Array<string | number>) => locate(src, p) };
    }),
  );
}

async function loadCollections({ siteDir, config }: LoadContentOptions): Promise<Content['collections']> {
  const files = await listFiles(join(siteDir, 'collections'), '.yaml');
  const entries = await Promise.all(
    files.map(async (path) => {
      const src = { file: displayPath(path), source: await readText(path) };
      const valid = validateYaml(src, parseYaml(src), collectionSchema, 'collection');
      const resolved = resolveReferences(valid, { constants: config.constants, locate: (p) => locate(src, p) });
      checkYamlImages(resolved.items, { siteDir, locate: (p) => locate(src, p) }, ['items']);
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
  return { ...validateYaml(src, parseYaml(src), navigationSchema, 'navigation'), file, locate: (p) => locate(src, p) };
}

async function loadPosts({ siteDir, config, cacheDir, known }: LoadContentOptions): Promise<Pick<Content, 'posts' | 'drafts'>> {
  const posts: Record<string, Post[]> = {};
  const drafts: Post[] = [];
  if (known) return loadChangedPosts({ siteDir, config, known });
  const index = new PostIndex<Post>(cacheDir, contentHash(JSON.stringify(config.constants)));
  for (const locale of config.locales) {
    const files = await listFiles(join(siteDir, 'blog', locale), '.md');
    const loaded = files.map((path) => {
      const stats = statSync(path);
      const cached = index.get(path, stats);
      // The shown path depends on where the command runs, so it is not taken from the cache.
      if (cached) {
        const file = displayPath(path);
        return { ...cached, file, markdown: { ...cached.markdown, file } };
      }
      const post = readPost(path, locale, config);
      index.set(path, stats, post);
      return post;
    });
    posts[locale] = loaded.filter((p) => !p.draft).sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
    drafts.push(...loaded.filter((p) => p.draft));
  }
  index.save();
  return { posts, drafts };
}

/** The posts of a watch session: the last build's, with the saved files read again (and new ones, and without deleted ones). */
async function loadChangedPosts({ siteDir, config, known }: Required<Pick<LoadContentOptions, 'siteDir' | 'config' | 'known'>>) {
  const before = new Map([...Object.values(known.content.posts).flat(), ...known.content.drafts].map((p) => [p.markdown.path, p]));
  const posts: Record<string, Post[]> = {};
  const drafts: Post[] = [];
  for (const locale of config.locales) {
    const files = await listFiles(join(siteDir, 'blog', locale), '.md');
    const loaded = files.map((path) => (!known.changed.has(path) && before.get(path)) || readPost(path, locale, config));
    posts[locale] = loaded.filter((p) => !p.draft).sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
    drafts.push(...loaded.filter((p) => p.draft));
  }
  return { posts, drafts };
}

/** Reads and validates one post. readFileSync: for thousands of small files it beats fs/promises severalfold. */
export function readPost(path: string, locale: string, config: SiteConfig): Post {
  const file = displayPath(path);
  const text = readTextSync(path);
  const parsed = parseFrontMatter(file, text, postFrontMatterSchema, 'post front matter');
  return {
    ...parsed.data,
    locale,
    slug: basename(path, '.md'),
    file,
    markdown: markdownSource(path, text, parsed.body, parsed.bodyLine, config),
    readingMinutes: readingMinutes(parsed.body),
  };
}

/** Constants are resolved in markdown text too, so a post can say {claims.trialDays} and stay true. */
function markdownSource(path: string, text: string, body: string, bodyLine: number, config: SiteConfig): MarkdownSource {
  const file = displayPath(path);
  const resolved = resolveBody(body, { file, bodyLine }, config.constants);
  const images = findMarkdownImages(body, { file, bodyLine });
  return { file, path, bodyOffset: text.length - body.length, bodyLine, hash: hashBody(resolved), images };
}

const WORD = /\S+/g;

/** Minutes at 220 words a minute, code blocks counted like prose. Counts matches without building an array. */
function readingMinutes(body: string): number {
  let words = 0;
  WORD.lastIndex = 0;
  while (WORD.exec(body)) words++;
  return Math.max(1, Math.round(words / 220));
}
