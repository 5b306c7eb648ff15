import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { lstat, readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { compressedCacheDir, compressedCacheFiles } from '../assets/index.ts';
import { forgetSocialCards, IMAGE_CACHE_FOLDERS, socialCardCacheDir } from '../images/index.ts';
import { markdownCacheDir, markdownCacheFile, pageCacheFile, PAGE_CACHE_VERSION, PAGE_INDEX } from '../render/index.ts';
import type { BuildState } from './build-state.ts';
import type { BuildReport } from './report.ts';

/**
 * The page, markdown, card, image, template, compressed-asset and service-worker caches keep what each build stores, named by content: an
 * edit leaves the old files behind, and a template save at 2,000 posts per locale ~8,000 of them.
 * A sweep removes what the last build's state does not name, once enough was stored since the
 * last one. It must never run beside a build (a build may find its bytes in a file it is about to
 * remove): `build` sweeps after its build, `serve --watch` when the saves pause, stopping when the
 * next one arrives.
 */

/** What a sweep removed: files, folders of an earlier cache version, their bytes. */
export interface SweptCache {
  files: number;
  bytes: number;
  ms: number;
  /** Stopped before the end (a save arrived): the rest is removed by a later sweep. */
  stopped: boolean;
}

/**
 * A cache folder and the entries of it a build uses (absolute paths); with `nested`, the files sit
 * one folder down; `kept` names entries kept whatever the build used.
 */
interface UsedFolder {
  dir: string;
  used: Set<string>;
  nested?: boolean;
  kept?: (name: string) => boolean;
}

/** Each swept folder of `cacheDir` and what the build that left `state` uses of it. */
function cacheInUse(cacheDir: string, state: BuildState): UsedFolder[] {
  const pages = join(cacheDir, PAGE_CACHE_VERSION);
  const pageFiles = new Set([join(cacheDir, PAGE_INDEX)]);
  for (const record of state.pageIndex.pages.values())
    if (Array.isArray(record.files)) record.files.forEach((hash, at) => pageFiles.add(pageCacheFile(cacheDir, hash!, at)));
  const markdown = markdownCacheDir(cacheDir, state.config.settings.embeds.hosts);
  const trees = new Set(state.plan.pages.flatMap((p) => (p.markdown ? [markdownCacheFile(markdown, p.markdown)] : [])));
  const cards = socialCardCacheDir(cacheDir);
  const cardFiles = new Set([join(cards, 'index.json'), ...[...state.cards.values()].map((c) => c.linkFrom)]);
  const [images, copies] = IMAGE_CACHE_FOLDERS.map((folder) => join(cacheDir, folder)) as [string, string];
  const linked = state.images.files.map((f) => f.linkFrom);
  const server = state.templates.file;
  return [
    { dir: pages, used: pageFiles, nested: true },
    { dir: markdown, used: trees },
    // Its backgrounds/ and atlases/ keep the few a site's cards are drawn on and from (og-images.ts).
    { dir: cards, used: cardFiles, kept: (name: string) => name === 'backgrounds' || name === 'atlases' },
    // A processed image is a folder of its variants.
    { dir: images, used: new Set(linked.filter((f) => f.startsWith(images + '/')).map((f) => dirname(f))) },
    { dir: copies, used: new Set(linked.filter((f) => f.startsWith(copies + '/'))) },
    // The templates' Node bundle, one per version of their code (~0.5 MB and its map each).
    { dir: join(cacheDir, 'templates'), used: new Set([server, `${server}.map`]) },
    // Brotli and gzip copies of the CSS and scripts, by content: a CSS or template save adds a pair per changed asset.
    { dir: compressedCacheDir(cacheDir), used: new Set(compressedCacheFiles(cacheDir, [state.css.text, ...state.client.files.map((f) => f.text)])) },
    // sw.js, one per list of precached files; the bundled worker source (sw-src-*) changes only with agency-site.
    ...(state.serviceWorker ? [{ dir: join(cacheDir, 'sw'), used: new Set([state.serviceWorker]), kept: (name: string) => name.startsWith('sw-src-') }] : []),
  ];
}

/** About how many cache files the build that left `state` uses, counted without naming them. */
function countInUse(state: BuildState): number {
  let count = state.cards.size + state.images.files.length + 2 + 2 * (1 + state.client.files.length) + 1;
  for (const record of state.pageIndex.pages.values()) count += record.files?.length ?? 0;
  for (const page of state.plan.pages) if (page.markdown) count++;
  return count;
}

/** Each entry of the swept folders that `folders` does not name, each folder of an earlier version of them, and each state file of an earlier version. */
function unusedEntries(cacheDir: string, folders: UsedFolder[]): string[] {
  const unused: string[] = [];
  const list = (dir: string) => {
    try {
      return readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
  };
  for (const { dir, used, nested, kept } of folders)
    for (const entry of list(dir)) {
      const path = join(dir, entry.name);
      if (kept?.(entry.name)) continue;
      if (!nested || !entry.isDirectory()) used.has(path) || unused.push(path);
      else for (const file of list(path)) used.has(join(path, file.name)) || unused.push(join(path, file.name));
    }
  // pages-v7 after pages-v8 came, markdown parsed for other embed hosts: nothing reads them again.
  const current = new Set(folders.map((f) => basename(f.dir)));
  const top = list(cacheDir);
  for (const { name } of top) if (EARLIER_VERSION.test(name) && !current.has(name)) unused.push(join(cacheDir, name));
  // source-stamps-v2.json beside v3: a file in an earlier format is never read again.
  const versioned = top.map(({ name }) => VERSIONED_FILE.exec(name)).filter((match) => match !== null);
  const newest = new Map<string, number>();
  for (const [, family, version] of versioned) newest.set(family!, Math.max(newest.get(family!) ?? 0, Number(version)));
  for (const [name, family, version] of versioned) if (Number(version) < newest.get(family!)!) unused.push(join(cacheDir, name));
  return unused;
}
const EARLIER_VERSION = /^(pages|markdown|og|images|files)-v\d+(-[0-9a-f]+)?$/;
const VERSIONED_FILE = /^([a-z]+(?:-[a-z]+)*)-v(\d+)\.json$/;

// Removals in flight at once (libuv's pool runs four); between batches a sweep can stop.
const BATCH = 64;

/** Removes what the build that left `state` does not use; `stop` is asked between batches of removals. */
export async function sweepCache(cacheDir: string, state: BuildState, stop: () => boolean = () => false): Promise<SweptCache> {
  const started = performance.now();
  const folders = cacheInUse(cacheDir, state);
  const unused = unusedEntries(cacheDir, folders);
  const swept: SweptCache = { files: 0, bytes: 0, ms: 0, stopped: false };
  for (let at = 0; at < unused.length; at += BATCH) {
    if (stop()) {
      swept.stopped = true;
      break;
    }
    await Promise.all(
      unused.slice(at, at + BATCH).map(async (path) => {
        const size = await sizeOf(path);
        // One entry that cannot go (its permissions, a file held open elsewhere) stays for the next sweep; the others go.
        if (
          await rm(path, { recursive: true, force: true }).then(
            () => true,
            () => false,
          )
        ) {
          swept.files += size.files;
          swept.bytes += size.bytes;
        }
      }),
    );
  }
  // The cards' index forgets the cards that are gone (it would otherwise hold every title ever drawn).
  forgetSocialCards(cacheDir, folders[2]!.used);
  swept.ms = performance.now() - started;
  return swept;
}

async function sizeOf(path: string): Promise<{ files: number; bytes: number }> {
  const stats = await lstat(path).catch(() => undefined);
  if (!stats?.isDirectory()) return { files: stats ? 1 : 0, bytes: stats?.size ?? 0 };
  const sizes = await Promise.all((await readdir(path)).map((name) => sizeOf(join(path, name))));
  return sizes.reduce((a, b) => ({ files: a.files + b.files, bytes: a.bytes + b.bytes }), { files: 0, bytes: 0 });
}

// Files stored since the last sweep: kept beside the caches, so separate `build` runs add up.
const STORED_FILE = 'sweep-v1.json';

/**
 * Files a build may have stored: a rendered page's three, a parsed tree, a card, a processed
 * image. An overcount (a page-data file that was already there) only brings the sweep forward.
 */
export function storedBy(report: BuildReport): number {
  return report.rendered * 3 + report.parsedMarkdown + (report.images ? report.images.socialCards + report.images.processed : 0);
}

/**
 * Adds `stored` to the count kept in the cache and returns the sum. A cache without the count
 * (new, or emptied) starts it at 0: its files are all this build's, and none is garbage yet.
 */
export function addStored(cacheDir: string, stored: number): number {
  const file = join(cacheDir, STORED_FILE);
  let total: number;
  try {
    const count = (JSON.parse(readFileSync(file, 'utf8')) as { stored?: unknown }).stored;
    total = (typeof count === 'number' && Number.isFinite(count) ? count : 0) + stored;
  } catch {
    total = 0;
  }
  writeStored(cacheDir, total);
  return total;
}

function writeStored(cacheDir: string, stored: number): void {
  writeFileSync(join(cacheDir, STORED_FILE), JSON.stringify({ stored }));
}

/** A sweep is due once the files stored since the last are a quarter of those in use, and at least this many. */
const SWEEP_AT_LEAST = 256;

/**
 * After a build: adds what it stored to the count, and when a sweep is due, sweeps and starts the
 * count again. Returns what was removed, when a sweep ran.
 */
export async function sweepCacheWhenDue(cacheDir: string, state: BuildState, stored: number, stop?: () => boolean): Promise<SweptCache | undefined> {
  if (stored === 0) return undefined;
  const total = addStored(cacheDir, stored);
  // Counted only past the floor: most edit builds store a handful of files (the count costs ~2 ms at 2,000 pages).
  if (total < SWEEP_AT_LEAST || total < countInUse(state) / 4) return undefined;
  const swept = await sweepCache(cacheDir, state, stop);
  if (!swept.stopped) writeStored(cacheDir, 0);
  return swept;
}
