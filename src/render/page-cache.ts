import { hash } from 'node:crypto';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PlannedPage } from '../plan/index.ts';
import { contentHash } from '../node/hash.ts';
import { MARKDOWN_VERSION } from './markdown-version.ts';
import type { RenderSetup } from './render-page.ts';

export const PAGE_CACHE_VERSION = 'pages-v8';

/**
 * The base of a rendered page's cache key: its own inputs. A change to the page's data, its
 * markdown, the code its template runs or the slices changes it; what the page read of its
 * locale's shared data is added by `readsKey` once known (so a message edit misses only the pages
 * that read it). Asset names are slots (asset-slots.ts), filled at output: not part of the key.
 */
export function pageCacheKey(page: PlannedPage, setupKey: string, templateKey: string): string {
  // `source` only locates errors and `sources` only feeds the dependency graph: neither is a render input.
  const { markdown, source: _source, sources: _sources, ...rest } = page;
  return contentHash(setupKey, templateKey, JSON.stringify(rest), markdown ? `${markdown.hash}:${markdown.field}` : '');
}

/** The part of the key shared by all pages: slices, settings and the asset slots (tokens, the same from build to build). */
export function setupCacheKey(setup: RenderSetup): string {
  return contentHash(
    PAGE_CACHE_VERSION,
    // A page is keyed by its markdown's text, not its tree: a new parser must render it again.
    MARKDOWN_VERSION,
    setup.buildHash,
    JSON.stringify(setup.slices),
    setup.stylesheets.join(),
    setup.scripts.join(),
    setup.siteName,
    setup.runtimeConfig,
    JSON.stringify(setup.islandChunks ?? {}),
    setup.embedHosts.join(),
  );
}

/** A template's part of its pages' keys: the code it runs, and the slots of the chunks it preloads. */
export function templateCacheKey(setup: RenderSetup, codeKey: string, template: string): string {
  return contentHash(codeKey, JSON.stringify(setup.templateChunks[template] ?? []));
}

/** What a page's cache record names: each stored file by its content hash, in this order. */
export type StoredFiles = [html: string, pageData: string, islandsData?: string];

const EXTENSIONS = ['.html', '.json', '.islands.json'] as const;

/**
 * Where a stored file lives: by its content, so a render that yields the bytes a file already has
 * (page-data after a template edit, any file a change left as it was) reuses it, and out/'s link to
 * it stays as it is. `at`: the file's place in `StoredFiles`.
 */
export function pageCacheFile(cacheDir: string, hash: string, at: number): string {
  // The root joined once per cache folder: a build asks for every page's files (keys are hex, so the rest needs no normalising).
  let root = cacheRoots.get(cacheDir);
  if (root === undefined) cacheRoots.set(cacheDir, (root = join(cacheDir, PAGE_CACHE_VERSION)));
  return `${root}/${hash.slice(0, 2)}/${hash}${EXTENSIONS[at]}`;
}
const cacheRoots = new Map<string, string>();

/**
 * Stores a rendered page's files by their content and returns their hashes. A file already there
 * with the same size is kept: most of a template edit's page-data, and creating files was most of
 * a render worker's time on this disk (0.1–0.7 ms each). Written directly (the folder created
 * only when missing): a write cut short is caught anyway, since the page index records each
 * file's size, and such a file is written again the next time its bytes are rendered.
 */
export function storeRenderedPage(cacheDir: string, texts: [string, string, string?]): StoredFiles {
  return texts.flatMap((text, at) => {
    if (text === undefined) return [];
    const name = storedName(text);
    storeFile(pageCacheFile(cacheDir, name, at), text);
    return [name];
  }) as StoredFiles;
}

/**
 * A stored file's name: 80 bits of its text's SHA-1. This CPU has no SHA extensions, and SHA-1
 * hashed a page in 57 % of SHA-256's time (a render worker hashed ~100 KB a page, 0.6 s a cold
 * build). It names files as well: the store needs no resistance to attack, its texts are the
 * build's own. A store that holds SHA-256 names from an older version keeps working: a file is
 * found by the name its page's record holds, never by hashing it again.
 */
const storedName = (text: string) => hash('sha1', text, 'hex').slice(0, 20);

function storeFile(path: string, text: string): void {
  try {
    writeFileSync(path, text, { flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      // Same name, same bytes: unless it was cut short or changed since (its size tells).
      if (statSync(path, { throwIfNoEntry: false })?.size !== Buffer.byteLength(text)) writeFileSync(path, text);
      return;
    }
    if (code !== 'ENOENT') throw error;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text, { flag: 'wx' });
  }
}
