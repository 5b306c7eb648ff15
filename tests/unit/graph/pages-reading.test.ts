import { describe, expect, it } from 'vitest';
import { carryReaders, pagesReading, type DependencyGraph, type PageNode } from '../../../src/graph/dependency-graph.ts';

// A watch session carries the index from graph to graph; a stale entry would leave a page out of a
// rebuild. Each carried answer is checked against a scan of the graph's pages.
const node = (sources: string[]): PageNode => ({
  locale: 'en',
  template: 'blog-post',
  sources,
  reads: { messages: [], routes: [], images: [], site: [], constants: [] },
  baseKey: sources.join(),
  key: sources.join(),
});
const scan = (pages: DependencyGraph['pages'], source: string) =>
  Object.entries(pages)
    .filter(([, n]) => n.sources.includes(source))
    .map(([outFile]) => outFile)
    .sort();
const sources = ['site/blog/en/a.md', 'site/blog/en/b.md', 'site/blog/en/c.md', 'site/blog/', 'site/pages/blog.yaml', 'site/blog/en/d.md'];

describe('pagesReading: the pages whose data came from a file or folder', () => {
  it('answers from an index carried to the next graph, with remade, new and gone pages', () => {
    const last: DependencyGraph['pages'] = {
      'blog/a/index.html': node(['site/blog/en/a.md']),
      'blog/b/index.html': node(['site/blog/en/b.md']),
      'blog/index.html': node(['site/pages/blog.yaml', 'site/blog/']),
      'blog/page/2/index.html': node(['site/pages/blog.yaml', 'site/blog/']),
    };
    expect([...pagesReading({ pages: last }, 'site/blog/')].sort()).toEqual(scan(last, 'site/blog/'));
    // b is gone, c is new, a now also reads d, and page 2 of the list is kept as it was.
    const next: DependencyGraph['pages'] = {
      'blog/a/index.html': node(['site/blog/en/a.md', 'site/blog/en/d.md']),
      'blog/c/index.html': node(['site/blog/en/c.md']),
      'blog/index.html': node(['site/pages/blog.yaml', 'site/blog/', 'site/blog/en/c.md']),
      'blog/page/2/index.html': last['blog/page/2/index.html']!,
    };
    carryReaders(next, last, ['blog/a/index.html', 'blog/c/index.html', 'blog/index.html', 'blog/b/index.html']);
    for (const source of sources) expect([...pagesReading({ pages: next }, source)].sort(), source).toEqual(scan(next, source));
    // The last graph's answers are as they were.
    for (const source of sources) expect([...pagesReading({ pages: last }, source)].sort(), source).toEqual(scan(last, source));
  });
});
