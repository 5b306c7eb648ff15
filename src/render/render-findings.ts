import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MarkdownWarning } from '../markdown/index.ts';
import { PAGE_CACHE_VERSION, type StoredFiles } from './page-cache.ts';
import type { SlotPositions } from './asset-slots.ts';
import { readSetAt, readSetTable, type SharedReads } from './record-reads.ts';
import { writeFileAtomically } from '../node/write-atomically.ts';

/** What a page's templates asked for and did not find, and what its markdown warned about. */
export interface RenderFindings {
  messages: string[];
  routes: string[];
  images?: string[];
  markdown?: MarkdownFindings;
}

/** A page's markdown file and the warnings of parsing it (raw HTML removed, unknown fence languages). */
export interface MarkdownFindings {
  file: string;
  warnings: MarkdownWarning[];
}

/** One rendered page, by its cache key: everything a later build needs to take it from the cache. */
export interface PageRecord {
  /** Its HTML, page-data and islands variant as rendered, so a damaged file is never published. */
  sizes: [html: number, pageData: number, islandsData?: number];
  /** Its files in the page cache, by content hash (`pageCacheFile`). */
  files: StoredFiles;
  /** The asset names its files were stored with (a key of `slotValues`), and where they are in each file. */
  slots: string;
  at: SlotPositions[];
  /** Only when it found something to say. */
  findings?: RenderFindings;
}

/**
 * Maps in memory, not objects keyed by hash: a watch save looks up and sets some 9,000 keys, and
 * each made-up key used on an object is first looked up in V8's string table (10-30 ms a save at
 * 2,000 posts per locale, against a few for Maps).
 */
export interface PageIndex {
  pages: Map<string, PageRecord>;
  /** Per base key (a page's data and code): what its last render read of the shared data. */
  reads: Map<string, SharedReads>;
  /** Asset names by their key: what the cached files were filled with. */
  slotValues: Record<string, Record<string, string>>;
  /** Set when the index exists but cannot be read: every cached page is then rendered again. */
  problem?: string;
}

/** On disk, each read set once (readSetTable). */
interface StoredPageIndex {
  pages: Record<string, PageRecord>;
  reads: Record<string, number>;
  readSets: SharedReads[];
  slotValues: PageIndex['slotValues'];
}

// Kept beside the page cache so a page taken from the cache still reports what it lacks. An index
// of an earlier format (read sets in full, named index.json) is unreadable here and left to the sweep.
export const PAGE_INDEX = `${PAGE_CACHE_VERSION}/index-v2.json`;
const file = (cacheDir: string) => join(cacheDir, PAGE_INDEX);

export function readPageIndex(cacheDir: string): PageIndex {
  let text: string;
  try {
    text = readFileSync(file(cacheDir), 'utf8');
  } catch {
    return emptyIndex();
  }
  try {
    const stored = JSON.parse(text) as StoredPageIndex;
    const parts = [stored.pages, stored.reads, stored.slotValues];
    if (parts.some((part) => typeof part !== 'object' || !part)) throw new Error('not a page index');
    const reads: PageIndex['reads'] = new Map();
    for (const baseKey in stored.reads) reads.set(baseKey, readSetAt(stored.readSets, stored.reads[baseKey]));
    return { pages: new Map(Object.entries(stored.pages)), reads, slotValues: stored.slotValues };
  } catch (error) {
    return { ...emptyIndex(), problem: `${file(cacheDir)} is unreadable (${(error as Error).message})` };
  }
}

const emptyIndex = (): PageIndex => ({ pages: new Map(), reads: new Map(), slotValues: {} });

export function writePageIndex(cacheDir: string, index: Omit<PageIndex, 'problem'>): void {
  mkdirSync(join(cacheDir, PAGE_CACHE_VERSION), { recursive: true });
  const table = readSetTable();
  const reads: StoredPageIndex['reads'] = {};
  for (const [baseKey, read] of index.reads) reads[baseKey] = table.numberOf(read);
  const stored: StoredPageIndex = { pages: Object.fromEntries(index.pages), reads, readSets: table.sets, slotValues: index.slotValues };
  writeFileAtomically(file(cacheDir), JSON.stringify(stored));
}
