import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readGraph, writeGraph, GRAPH_VERSION, type DependencyGraph } from '../../../src/graph/index.ts';
import { PAGE_INDEX, readPageIndex, writePageIndex, type SharedReads } from '../../../src/render/index.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const reads = (...messages: string[]): SharedReads => ({ messages, routes: ['home'], images: [], site: ['name'], constants: [] });
const node = (r: SharedReads, key: string) => ({
  locale: 'es',
  template: 'blog-post',
  sources: [`site/blog/es/${key}.md`],
  reads: r,
  baseKey: `b-${key}`,
  key,
});

describe('read sets on disk', () => {
  it('the page index stores each set once, and reads back every page its own', () => {
    dir = mkdtempSync(join(tmpdir(), 'agency-site-read-sets-'));
    // Two pages with equal sets made apart (two renders), one shared object, one set of its own.
    const shared = reads('blog.back', 'nav.home');
    const index = {
      pages: new Map(),
      reads: new Map(Object.entries({ a: reads('blog.back', 'nav.home'), b: reads('blog.back', 'nav.home'), c: shared, d: shared, e: reads('landing.hero') })),
      slotValues: {},
    };
    writePageIndex(dir, index);
    const stored = JSON.parse(readFileSync(join(dir, PAGE_INDEX), 'utf8')) as { reads: Record<string, number>; readSets: SharedReads[] };
    expect(stored.readSets).toEqual([reads('blog.back', 'nav.home'), reads('landing.hero')]);
    expect(stored.reads).toEqual({ a: 0, b: 0, c: 0, d: 0, e: 1 });
    expect(readPageIndex(dir)).toEqual({ ...index, pages: new Map(), slotValues: {} });
  });

  it('an index that names a set it does not hold is unreadable, so every page renders again', () => {
    dir = mkdtempSync(join(tmpdir(), 'agency-site-read-sets-'));
    writePageIndex(dir, { pages: new Map(), reads: new Map([['a', reads('nav.home')]]), slotValues: {} });
    const file = join(dir, PAGE_INDEX);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { reads: Record<string, number> };
    stored.reads.a = 4;
    writeFileSync(file, JSON.stringify(stored));
    expect(readPageIndex(dir).problem).toMatch(/index-v2\.json is unreadable \(no read set 4\)/);
  });

  it('the dependency graph does the same, and drops the earlier version’s file', () => {
    dir = mkdtempSync(join(tmpdir(), 'agency-site-read-sets-'));
    writeFileSync(join(dir, 'graph-v3.json'), '{}');
    const graph: DependencyGraph = {
      version: GRAPH_VERSION,
      setupKey: 's',
      planMessages: [],
      templates: { common: [], uses: {} },
      posts: {},
      pages: { 'es/blog/uno/index.html': node(reads('blog.back'), 'uno'), 'es/blog/dos/index.html': node(reads('blog.back'), 'dos') },
    };
    writeGraph(dir, graph);
    const stored = JSON.parse(readFileSync(join(dir, `${GRAPH_VERSION}.json`), 'utf8')) as { readSets: unknown[]; pages: Record<string, { reads: number }> };
    expect(stored.readSets).toHaveLength(1);
    expect(Object.values(stored.pages).map((p) => p.reads)).toEqual([0, 0]);
    expect(readGraph(dir)).toEqual({ graph });
    expect(() => readFileSync(join(dir, 'graph-v3.json'))).toThrow(/ENOENT/);
  });
});
