import { readFile } from 'node:fs/promises';
import type { ClientBundle, CssAsset } from '../assets/index.ts';
import type { SiteConfig } from '../config/index.ts';
import type { OutputFile } from './build-manifest.ts';
import { hashedFilesJson, renameInSorted, sortedHashedFiles } from './hashed-files.ts';
import { atomFeed, headersFile, redirectsFile, robotsTxt, sitemapXml } from './site-files.ts';
import type { PlannedPage, SitePlan } from '../plan/index.ts';
import { REDIRECT_MAP_FILE, redirectMapJson, type Redirect } from '../redirects/index.ts';
import { pageCacheFile, type AssetSlots, type PageIndex, type SlotPositions } from '../render/index.ts';
import type { AppData } from '../shared/page-data.ts';
import { APP_DATA_PATH, pageDataPath, sharedDataPath, sliceDataPath } from '../shared/site-urls.ts';
import { cacheRules, HASHED_FILES } from '../node/cache-policy.ts';
import { securityHeaders } from '../node/security-headers.ts';
import type { CompressedAssets } from '../assets/index.ts';
import { securityOptions } from '../node/security-options.ts';
import { namedOf } from './filled-file.ts';
import { listStaticFiles } from '../node/published-files.ts';

/** Where a page's page-data lives inside out/. */
export function pageDataFile(page: PlannedPage): string {
  return pageDataPath(page.path);
}

/** Where a page's partial-hydration variant lives: beside its page-data.json. */
export function islandsDataFile(page: PlannedPage): string {
  return pageDataPath(page.path, 'islands');
}

export interface SiteFiles {
  sitemap: string;
  feeds: Array<{ path: string; data: string }>;
}

/** A page's files in out/ (by its file), as made from the page cache entry `key` with the asset names `slots`. */
export type PageFiles = Map<string, { key: string; slots: string; files: OutputFile[] }>;

export interface CollectedFiles {
  files: OutputFile[];
  /** Each page's files, for the next build of a watch session. */
  pageFiles: PageFiles;
  siteFiles: SiteFiles;
}

/** Every file of the output: rendered pages filled from the cache, and the site-wide files. */
export async function collectOutputFiles(options: {
  siteDir: string;
  config: SiteConfig;
  plan: SitePlan;
  css: CssAsset;
  client: ClientBundle;
  buildHash: string;
  /** This build's asset names, in every rendered file. */
  slots: AssetSlots;
  /** What the page cache holds for each key: sizes, and the asset names each page was stored with. */
  index: PageIndex;
  sharedFiles: Record<string, { json: string; hash: string }>;
  pages: Array<{ page: PlannedPage; key: string }>;
  cacheDir: string;
  /** Brotli and gzip copies of the CSS and scripts, made while pages rendered. */
  compressed: CompressedAssets;
  /** A watch session's files of each page from its last build (a cached page's files never change). */
  lastPageFiles?: PageFiles;
  /** A watch session's sitemap and feeds, each passed when the change cannot have changed it. */
  lastSiteFiles?: Partial<SiteFiles>;
  /** The redirect map: into `_redirects`, and as JSON for `serve` and `deploy`. */
  redirects?: readonly Redirect[];
}): Promise<CollectedFiles> {
  const { config, plan, css } = options;
  const list: OutputFile[] = [];
  const pageFiles: PageFiles = new Map();
  const { slots } = options;
  // One hash per set of slot names: thousands of pages have the same few.
  const namedBy = new Map<string, string>();
  const named = (at: SlotPositions) => {
    const names = at.map(([, name]) => name).join('\0');
    let value = namedBy.get(names);
    if (value === undefined) namedBy.set(names, (value = namedOf(at, slots.values)));
    return value;
  };
  for (const { page, key } of options.pages) {
    // By the page's file, whose string the plan hands on from save to save: no id to build and hash per page.
    const last = options.lastPageFiles?.get(page.outFile);
    const files = last && last.key === key && last.slots === slots.key ? last.files : filesOfPage(page, key, options, slots, named);
    pageFiles.set(page.outFile, last?.files === files ? last : { key, slots: slots.key, files });
    list.push(...files);
  }
  const appData: AppData = { webpackCompilationHash: options.buildHash, componentChunks: options.client.templateEntries };
  list.push({ path: APP_DATA_PATH, data: JSON.stringify(appData) });
  // Named by locale, not content (a message edit rewrites one file): revalidated like page-data, never immutable.
  for (const file of Object.values(options.sharedFiles)) list.push({ path: sharedDataPath(file.hash), data: file.json });
  for (const [name, slice] of Object.entries(plan.slices)) list.push({ path: sliceDataPath(name), data: JSON.stringify(slice) });
  for (const asset of [{ path: css.file, text: css.text }, ...options.client.files]) {
    const { br, gz } = options.compressed.get(asset.path)!;
    list.push({ path: asset.path, data: asset.text, hashed: true });
    list.push({ path: `${asset.path}.br`, data: br, hashed: true });
    list.push({ path: `${asset.path}.gz`, data: gz, hashed: true });
  }
  list.push({ path: '_redirects', data: redirectsFile(config.settings.thirdPartyAllowlist, options.redirects ?? []) });
  list.push({ path: REDIRECT_MAP_FILE, data: redirectMapJson(options.redirects ?? [], config.settings.baseUrl) });
  // The sitemap and feeds depend on the plan alone: a watch rebuild passes those its change left as they were.
  const last = options.lastSiteFiles;
  const siteFiles: SiteFiles = {
    sitemap: last?.sitemap ?? sitemapXml(plan.pages),
    feeds:
      last?.feeds ??
      Object.entries(plan.feeds).map(([locale, feed]) => ({
        path: feed.path.slice(1),
        data: atomFeed(feed, { baseUrl: config.settings.baseUrl, locale, author: config.settings.name }),
      })),
  };
  list.push({ path: 'sitemap.xml', data: siteFiles.sitemap });
  list.push({ path: 'robots.txt', data: robotsTxt(config.settings.baseUrl) });
  list.push(...siteFiles.feeds);
  list.push(...(await staticFiles(options.siteDir)));
  return { files: list, pageFiles, siteFiles };
}

/**
 * A page's files in the page cache: linked when stored with this build's asset names, else filled
 * with them (a CSS edit, or another template's: the page did not render again).
 */
function filesOfPage(
  page: PlannedPage,
  key: string,
  options: { cacheDir: string; index: PageIndex },
  slots: AssetSlots,
  named: (at: SlotPositions) => string,
): OutputFile[] {
  const stored = options.index.pages.get(key)!;
  const [html, pageData, islandsData] = stored.files;
  const [htmlBytes, pageDataBytes, islandsBytes] = stored.sizes;
  const files = [
    { path: page.outFile, from: pageCacheFile(options.cacheDir, html, 0), bytes: htmlBytes },
    { path: pageDataFile(page), from: pageCacheFile(options.cacheDir, pageData, 1), bytes: pageDataBytes },
    ...(islandsData === undefined ? [] : [{ path: islandsDataFile(page), from: pageCacheFile(options.cacheDir, islandsData, 2), bytes: islandsBytes! }]),
  ];
  const storedWith = options.index.slotValues[stored.slots]!;
  // Stored with the names this build gives the slots the page has (another template's edit): linked as it is.
  const current = stored.slots === slots.key || stored.at.every((at) => at.every(([, name]) => storedWith[name] === slots.values[name]));
  if (current) return files.map((f, i) => ({ path: f.path, linkFrom: f.from, bytes: f.bytes, slots: { at: stored.at[i]!, values: storedWith } }));
  return files.map((f, i) => {
    const at = stored.at[i]!;
    return { path: f.path, fillFrom: f.from, at, storedWith, values: slots.values, named: named(at) };
  });
}

/**
 * `_headers` and `_hashed-files.json`, made from the finished list of files (sw.js included, which
 * is written after them), so their cache rules cover exactly what out/ holds; with the sorted list
 * of hashed files, which a later rebuild patches when it only renames some (`renamedHostFiles`).
 */
export function hostFiles(files: readonly OutputFile[], config: SiteConfig): { files: OutputFile[]; hashed: string[] } {
  const hashedPaths = new Set(files.filter((f) => f.hashed).map((f) => `/${f.path}`));
  const headers = {
    path: '_headers',
    data: headersFile(securityHeaders(securityOptions(config)), cacheRules([...files.map((f) => `/${f.path}`), '/sw.js'], hashedPaths)),
  };
  const hashed = sortedHashedFiles(hashedPaths);
  return { files: [headers, { path: HASHED_FILES, data: hashedFilesJson(hashed) }], hashed };
}

/**
 * The host files after hashed files were renamed within folders whose cache rule covers them (a
 * card in og/ after a title edit): the last `_headers`, whose rules stand, and the last list of
 * hashed files with the names swapped, instead of both made again over every file.
 */
export function renamedHostFiles(
  last: { headers: OutputFile; hashed: readonly string[] },
  renamed: ReadonlyArray<readonly [was: string, now: string]>,
): { files: OutputFile[]; hashed: string[] } {
  const hashed = renameInSorted(
    last.hashed,
    renamed.map(([was, now]) => [`/${was}`, `/${now}`]),
  );
  return { files: [last.headers, { path: HASHED_FILES, data: hashedFilesJson(hashed) }], hashed };
}

/** Files under site/static/ are published as they are (favicon, SVG illustrations), but what an OS or editor leaves there. */
async function staticFiles(siteDir: string): Promise<OutputFile[]> {
  return Promise.all(listStaticFiles(siteDir).map(async ({ file, src }) => ({ path: src.slice('/static/'.length), data: await readFile(file) })));
}
