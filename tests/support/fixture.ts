import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite, createBuildSession, type BuildOptions } from '../../src/build/index.ts';
import { PAGE_INDEX, pageCacheFile, type PageRecord, type StoredFiles } from '../../src/render/index.ts';

export const ROOT = new URL('../..', import.meta.url).pathname;
export const TEMPLATES = join(ROOT, 'templates');

type BuildSession = ReturnType<typeof createBuildSession>;

/**
 * A private copy of a fixture site in a temporary folder, so a test can change it freely.
 * `watch` starts a `serve --watch` build session on it (the copy's folders unless `extra` names
 * others); cleanup saves each session's caches first, as `serve` does when it stops, so no timer
 * of theirs writes into the folder after it is removed.
 */
export async function copyFixture(name: string): Promise<{
  dir: string;
  site: string;
  out: string;
  cache: string;
  watch: (extra?: Partial<BuildOptions>, hooks?: Parameters<typeof createBuildSession>[1]) => BuildSession;
  cleanup: () => Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), `agency-site-${name}-`));
  await cp(join(ROOT, 'tests/fixtures', name), dir, { recursive: true });
  // Fixtures render with the real templates, so a template change is tested against them too.
  await cp(TEMPLATES, join(dir, 'templates'), { recursive: true });
  const sessions: BuildSession[] = [];
  const site = join(dir, 'site');
  const out = join(dir, 'out');
  const cache = join(dir, '.cache');
  return {
    dir,
    site,
    out,
    cache,
    watch: (extra = {}, hooks = {}) => {
      const session = createBuildSession({ siteDir: site, outDir: out, cacheDir: cache, workers: 0, ...extra }, hooks);
      sessions.push(session);
      return session;
    },
    cleanup: async () => {
      for (const session of sessions) session.flush();
      await rm(dir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

/**
 * Fixture copies keep no site/urls.lock unless a test asks (`lock: 'write'`): their edits delete
 * and unpublish pages freely, which a locked site would refuse.
 */
export function buildFixture(f: { dir: string; site: string; out: string; cache: string }, extra: Partial<BuildOptions> = {}) {
  return buildSite({ siteDir: f.site, outDir: f.out, cacheDir: f.cache, workers: 0, lock: 'read', ...extra });
}

export const read = (dir: string, rel: string) => readFile(join(dir, rel), 'utf8');

/** Attribute values of every tag matching a simple selector-like regexp, e.g. hreflang links. */
export function allMatches(html: string, pattern: RegExp): string[][] {
  return [...html.matchAll(new RegExp(pattern.source, 'g'))].map((m) => m.slice(1));
}

/** A page's files in the page cache, by its key, as the page index names them. */
export async function cachedPageFiles(cacheDir: string, key: string) {
  const index = JSON.parse(await read(cacheDir, PAGE_INDEX)) as { pages: Record<string, PageRecord> };
  return cachedFilesOf(cacheDir, index.pages[key]!.files);
}

/** The paths of a page's stored files, by the content hashes its record names. */
export function cachedFilesOf(cacheDir: string, files: StoredFiles) {
  const [html, pageData, islandsData] = files.map((hash, at) => pageCacheFile(cacheDir, hash!, at));
  return { html: html!, pageData: pageData!, islandsData };
}
