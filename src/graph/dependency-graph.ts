import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readSetAt, readSetTable, type SharedReads } from '../render/record-reads.ts';
import { writeFileAtomically } from '../node/write-atomically.ts';
import type { MappedRedirects } from '../redirects/index.ts';

export const GRAPH_VERSION = 'graph-v4';

/** One page's edges: the content files its data came from, and what its render read of the shared data. */
export interface PageNode {
  locale: string;
  template: string;
  /** Project-relative paths ('site/blog/en/x.md'); a folder ('site/blog/en/') means "which files it holds". */
  sources: string[];
  reads: SharedReads;
  /** Where its files are in the page cache (see render/page-cache.ts). */
  baseKey: string;
  key: string;
}

/**
 * What every page of the last build read, by its file in out/. Paths are relative to the project
 * (site/, templates/ and locales/ share one parent), so the graph is valid in another checkout.
 */
export interface DependencyGraph {
  version: typeof GRAPH_VERSION;
  pages: Record<string, PageNode>;
  /** The key of what every page shares (templates, assets, slices): entries are reused only while it is the same. */
  setupKey: string;
  /** Message keys read while planning (the card label, navigation labels): a change to one replans every page. */
  planMessages: string[];
  /** The template files each page template's render runs ('templates/…', from esbuild's import graph), and those all of them run. */
  templates: { common: string[]; uses: Record<string, string[]> };
  /**
   * Each post's file → its fingerprint (change-details.ts), with which a build compares a saved
   * post. Only in the saved graph: added when it is written (watch, after the browser was told),
   * since a watch session compares posts with the ones it holds.
   */
  posts?: Record<string, [listed: string, other: string]>;
  /**
   * The redirect map the build made, and the context it was made in (`redirectsContext`): the
   * next `build` takes it back when its change moves no URL (`savedRedirectsOf`). Only in the saved graph.
   */
  redirects?: { context: string; map: MappedRedirects };
}

/**
 * The pages whose data came from `source` (a file, or a folder ending in '/'). Indexed once per
 * graph: a watch save asks this several times, and scanning 4,000 pages' sources each time cost
 * more than the save's own page render. A graph's pages are never changed once made.
 */
export function pagesReading(graph: Pick<DependencyGraph, 'pages'>, source: string): readonly string[] {
  let index = readersBySource.get(graph.pages);
  if (!index) {
    index = new Map();
    for (const [outFile, node] of Object.entries(graph.pages))
      for (const s of node.sources) {
        const list = index.get(s);
        if (list) list.push(outFile);
        else index.set(s, [outFile]);
      }
    readersBySource.set(graph.pages, index);
  }
  return index.get(source) ?? [];
}
const readersBySource = new WeakMap<DependencyGraph['pages'], Map<string, string[]>>();

/**
 * graphOf: the next graph's index, made from the last one's when that was made (a watch session's
 * saves), by changing only the pages remade or gone. The lists are copied where they change, never
 * changed in place: the last graph's index stays true.
 */
export function carryReaders(pages: DependencyGraph['pages'], last: DependencyGraph['pages'], changed: Iterable<string>): void {
  const before = readersBySource.get(last);
  if (!before) return;
  const index = new Map(before);
  for (const outFile of changed) {
    for (const s of last[outFile]?.sources ?? [])
      index.set(
        s,
        index.get(s)!.filter((o) => o !== outFile),
      );
    for (const s of pages[outFile]?.sources ?? []) index.set(s, [...(index.get(s) ?? []), outFile]);
  }
  readersBySource.set(pages, index);
}

const graphFile = (cacheDir: string) => join(cacheDir, `${GRAPH_VERSION}.json`);

/** On disk, each page's reads are a number in `readSets` (readSetTable). */
type StoredGraph = Omit<DependencyGraph, 'pages'> & { pages: Record<string, Omit<PageNode, 'reads'> & { reads: number }>; readSets: SharedReads[] };

export function writeGraph(cacheDir: string, graph: DependencyGraph): void {
  mkdirSync(cacheDir, { recursive: true });
  const file = graphFile(cacheDir);
  const table = readSetTable();
  const pages: StoredGraph['pages'] = {};
  for (const outFile in graph.pages) {
    const node = graph.pages[outFile]!;
    pages[outFile] = { ...node, reads: table.numberOf(node.reads) };
  }
  const stored: StoredGraph = { ...graph, pages, readSets: table.sets };
  writeFileAtomically(file, JSON.stringify(stored));
  // The earlier version's file is never read again.
  rmSync(join(cacheDir, 'graph-v3.json'), { force: true });
}

/** The saved graph, or why it cannot be used (then every page is keyed, as without one). */
export function readGraph(cacheDir: string): { graph?: DependencyGraph; problem?: string } {
  let text: string;
  try {
    text = readFileSync(graphFile(cacheDir), 'utf8');
  } catch {
    return {};
  }
  try {
    const stored = JSON.parse(text) as StoredGraph;
    if (
      stored?.version !== GRAPH_VERSION ||
      typeof stored.pages !== 'object' ||
      !Array.isArray(stored.planMessages) ||
      !Array.isArray(stored.templates?.common) ||
      typeof stored.posts !== 'object'
    )
      throw new Error('not a dependency graph of this version');
    const { readSets, ...graph } = stored;
    // A map of another shape (written by hand, cut short) is only made again.
    if (graph.redirects !== undefined && (typeof graph.redirects?.context !== 'string' || !Array.isArray(graph.redirects?.map?.redirects)))
      delete graph.redirects;
    // The parsed nodes are this graph's own: each takes its set in place.
    for (const outFile in graph.pages) {
      const node = graph.pages[outFile]! as unknown as PageNode;
      node.reads = readSetAt(readSets, node.reads);
    }
    return { graph: graph as unknown as DependencyGraph };
  } catch (error) {
    return { problem: `${graphFile(cacheDir)} is unreadable (${(error as Error).message})` };
  }
}
