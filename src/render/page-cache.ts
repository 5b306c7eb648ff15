import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlannedPage } from '../plan/index.ts';
import { contentHash } from '../node/hash.ts';
import type { RenderedPage, RenderSetup } from './render-page.ts';

export const PAGE_CACHE_VERSION = 'pages-v7';

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

export function pageCachePaths(cacheDir: string, key: string) {
  // Joined once per cache folder: a build asks for every page's paths, and path.join's
  // normalising was most of that (keys are hex, so the rest needs none).
  let root = cacheRoots.get(cacheDir);
  if (root === undefined) cacheRoots.set(cacheDir, (root = join(cacheDir, PAGE_CACHE_VERSION)));
  const dir = `${root}/${key.slice(0, 2)}`;
  return { dir, html: `${dir}/${key}.html`, pageData: `${dir}/${key}.json`, islandsData: `${dir}/${key}.islands.json` };
}
const cacheRoots = new Map<string, string>();

/**
 * Stores a rendered page under its key. Written directly (one open and write per file, the
 * folder created only when missing): writing was a quarter of a render worker's profile with a
 * temporary file and a rename per file, and a write cut short is caught anyway, since the page
 * index records each file's size. Writing over a damaged file changes its stamps, so hard links
 * to it in out/ are relinked by the next write step.
 */
export function storeRenderedPage(cacheDir: string, key: string, rendered: RenderedPage): void {
  const paths = pageCachePaths(cacheDir, key);
  try {
    writeFileSync(paths.html, rendered.html);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(paths.dir, { recursive: true });
    writeFileSync(paths.html, rendered.html);
  }
  if (rendered.islandsData !== undefined) writeFileSync(paths.islandsData, rendered.islandsData);
  // Written last: its presence is what marks the page as cached (render-step).
  writeFileSync(paths.pageData, rendered.pageData);
}
