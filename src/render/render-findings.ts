import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MarkdownWarning } from '../markdown/index.ts';
import { PAGE_CACHE_VERSION } from './page-cache.ts';
import type { SlotPositions } from './asset-slots.ts';
import type { SharedReads } from './record-reads.ts';

/** Per page cache key: message keys and page ids its templates asked for and did not find, and what its markdown warned about. */
export type RenderFindings = Record<string, { messages: string[]; routes: string[]; images?: string[]; markdown?: MarkdownFindings }>;

/** A page's markdown file and the warnings of parsing it (raw HTML removed, unknown fence languages). */
export interface MarkdownFindings {
  file: string;
  warnings: MarkdownWarning[];
}

/** Per page cache key: the sizes its HTML, page-data and islands variant had when rendered, so a damaged file is never published. */
export type PageSizes = Record<string, [html: number, pageData: number, islandsData?: number]>;

/** Per base key (a page's data and code): what its last render read of the shared data. */
export type PageReads = Record<string, SharedReads>;

/** Per page cache key: the asset names its files were stored with (a key of `slotValues`) and where they are in each file. */
export type PageSlots = Record<string, { slots: string; at: SlotPositions[] }>;

export interface PageIndex {
  findings: RenderFindings;
  sizes: PageSizes;
  reads: PageReads;
  filled: PageSlots;
  /** Asset names by their key: what the cached files were filled with. */
  slotValues: Record<string, Record<string, string>>;
  /** Set when the index exists but cannot be read: every cached page is then rendered again. */
  problem?: string;
}

// Kept beside the page cache so a page taken from the cache still reports what it lacks.
const file = (cacheDir: string) => join(cacheDir, PAGE_CACHE_VERSION, 'index.json');

export function readPageIndex(cacheDir: string): PageIndex {
  let text: string;
  try {
    text = readFileSync(file(cacheDir), 'utf8');
  } catch {
    return emptyIndex();
  }
  try {
    const index = JSON.parse(text) as PageIndex;
    const parts = [index.findings, index.sizes, index.reads, index.filled, index.slotValues];
    if (parts.some((part) => typeof part !== 'object' || !part)) throw new Error('not a page index');
    return { findings: index.findings, sizes: index.sizes, reads: index.reads, filled: index.filled, slotValues: index.slotValues };
  } catch (error) {
    return { ...emptyIndex(), problem: `${file(cacheDir)} is unreadable (${(error as Error).message})` };
  }
}

const emptyIndex = (): PageIndex => ({ findings: {}, sizes: {}, reads: {}, filled: {}, slotValues: {} });

export function writePageIndex(cacheDir: string, index: Omit<PageIndex, 'problem'>): void {
  mkdirSync(join(cacheDir, PAGE_CACHE_VERSION), { recursive: true });
  const { findings, sizes, reads, filled, slotValues } = index;
  writeFileSync(`${file(cacheDir)}.tmp`, JSON.stringify({ findings, sizes, reads, filled, slotValues }));
  renameSync(`${file(cacheDir)}.tmp`, file(cacheDir));
}
