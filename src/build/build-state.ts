import { dirname, join, resolve } from 'node:path';
import type { DependencyGraph, FileChange, ProjectDirs } from '../graph/index.ts';
import type { MemoryOutput, OutputFile, OutputRecord, PageFiles, SiteFiles } from '../output/index.ts';
import type { SitePlan } from '../plan/index.ts';
import type { LockMode, MappedRedirects } from '../redirects/index.ts';
import type { PageIndex, RenderedEntry } from '../render/index.ts';
import type { BuildReport } from './report.ts';
import type { Inputs } from './read-inputs.ts';
import type { SourceStamps, StampChange } from './source-stamps.ts';

export interface BuildOptions {
  siteDir: string;
  outDir: string;
  /** Default: `templates/` beside the site folder. */
  templatesDir?: string;
  /** Default: `locales/` beside the site folder. */
  localesDir?: string;
  /** Default: `.cache/` beside the site folder. */
  cacheDir?: string;
  baseUrl?: string;
  /** Render worker threads (this thread joins them once the cards are drawn); default one per core for large sites, this one included. */
  workers?: number;
  /** Told how many images are done while site/images is processed (a progress bar). */
  onImageProgress?: (done: number, total: number) => void;
  onStage?: (name: string) => void;
  /**
   * `serve --watch` only: update out/ file by file where the last build's record allows it, instead
   * of staging the whole folder (seconds of re-linking on a large site for a one-word change).
   */
  inPlace?: boolean;
  /** Keep the files in memory instead of publishing them to out/ (tests): out/ is neither read nor written. */
  output?: MemoryOutput;
  /**
   * `serve --watch`: told as soon as a changed stylesheet is in out/, before the pages that name
   * it are rendered again, so an open tab can swap it at once.
   */
  onStylesheet?: (href: string) => void;
  /** `serve --watch`: the URL paths open in a browser tab, rendered first when a save reaches many pages. */
  openPages?: () => readonly string[];
  /** `serve --watch`: told when those of the open pages the save reached (out/ files) are in out/, before the rest. */
  onOpenPagesReady?: (outFiles: string[]) => void;
  /** `build`: the inputs whose stamps differ from the last build's; the saved graph says which pages they reach. */
  changedFiles?: StampChange[];
  /** `build`: the stamps that listed `changedFiles`, taken a moment before; saved with this build. */
  stamps?: SourceStamps;
  /**
   * site/urls.lock: `write` (build), `read` (default in memory and in watch rebuilds: applied,
   * never rewritten), `off` (`--no-lock`).
   */
  lock?: LockMode;
}

/**
 * What a build knew when it finished. `serve --watch` passes it to the next build with the files
 * that changed, and that build starts from the stages they affect (never editing this state).
 */
export interface BuildState extends Omit<Inputs, 'warnings'> {
  plan: SitePlan;
  setupKey: string;
  pages: RenderedEntry[];
  /** Social card file per page (out/ file → its card), for the pages a change did not reach. */
  cards: Map<string, SocialCardFile>;
  graph: DependencyGraph;
  /** What out/ holds (keys and stamps) and each page's files, so the next rebuild stats only what it writes. */
  output?: OutputRecord;
  pageFiles: PageFiles;
  pageIndex: PageIndex;
  siteFiles: SiteFiles;
  /** The redirect map, for a save that moves no URL. */
  redirects: MappedRedirects;
  host: HostFiles;
  /** The cache file sw.js was linked from; none when out/ was up to date. */
  serviceWorker?: string;
}

export interface SocialCardFile {
  path: string;
  linkFrom: string;
  bytes: number;
  /** Named by its drawing: cached forever. */
  hashed: true;
}

/** `_headers` and `_hashed-files.json`, and the files they were made from: each path, and whether it is hashed. */
export interface HostFiles {
  /** `files` is the list they were read from, by position: the next build's `madeOf` compares with it. */
  made: { paths: string[]; hashed: boolean[]; files: readonly OutputFile[] };
  files: OutputFile[];
  /** The URL paths `_hashed-files.json` lists, sorted. */
  hashed: string[];
  /** The order that sorts those paths and the host files by path. */
  order: Int32Array;
}

/** Where a rebuild starts: the last build's state (watch) or its saved graph (build), and what changed since. */
export interface ChangedSince {
  previous?: BuildState;
  /** Project-relative paths; `planChange` decides what they reach. */
  changes: FileChange[];
}

/** A build's report and state; `persist` (watch) saves the caches once the browser was told. */
export interface BuildResult {
  report: BuildReport;
  state: BuildState;
  persist?: () => void;
}

/** The cache folder, absolute: `.cache/` beside the site folder unless the options name one. */
export function cacheDirOf(options: Pick<BuildOptions, 'siteDir' | 'cacheDir'>): string {
  return resolve(options.cacheDir ?? join(dirname(resolve(options.siteDir)), '.cache'));
}

/** The site's three folders, absolute; templates/ and locales/ default to the site folder's siblings. */
export function projectDirsOf(options: Pick<BuildOptions, 'siteDir' | 'templatesDir' | 'localesDir'>): ProjectDirs {
  const siteDir = resolve(options.siteDir);
  return {
    siteDir,
    templatesDir: resolve(options.templatesDir ?? join(dirname(siteDir), 'templates')),
    localesDir: resolve(options.localesDir ?? join(dirname(siteDir), 'locales')),
  };
}
