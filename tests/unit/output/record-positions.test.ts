import { describe, expect, it } from 'vitest';
import { positionsIn, type OutputRecord } from '../../../src/output/index.ts';

// A wrong position would compare a file with another file's key, and could leave a changed file
// unwritten: every answer is checked against a plain lookup by path.
const byLookup = (record: OutputRecord, paths: string[]) => paths.map((p) => record.paths.indexOf(p));
const recordOf = (paths: string[]): OutputRecord => ({ paths, keys: paths.map((p) => `key:${p}`), stamps: paths.flatMap(() => [1, 2]) });
const sorted = (list: string[]) => [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** A build's files as the write step lists them: sorted by path, and the record's with sw.js after them. */
const files = Array.from({ length: 300 }, (_, i) => [`blog/post-${i}/index.html`, `og/${(i * 7919).toString(16).padStart(6, '0')}.jpg`]).flat();
const before = sorted(files);
const record = recordOf([...before, 'sw.js']);

describe('positionsIn: where each file of this build was in the last record', () => {
  it('the same files (a body save): each at its own position, sw.js included', () => {
    expect([...positionsIn(record, before)]).toEqual(byLookup(record, before));
    expect([...positionsIn(record, [...before, 'sw.js'])]).toEqual(byLookup(record, [...before, 'sw.js']));
  });

  it('a card renamed (a title save): the files after it shift, and each is still found', () => {
    // Paths are unique in a build: each new name is one the record does not hold.
    for (const renamed of ['og/00000.jpg', 'og/zzzzzz.jpg', 'og/0a0a0a.jpg', 'blog/a-new-post/index.html']) {
      const now = sorted([...before.filter((p) => p !== before[450]), renamed]);
      expect([...positionsIn(record, now)], renamed).toEqual(byLookup(record, now));
      expect([...positionsIn(record, [...now, 'sw.js'])]).toEqual(byLookup(record, [...now, 'sw.js']));
    }
  });

  it('files added and removed at the start, the middle and the end', () => {
    const now = sorted([...before.slice(1, 200), ...before.slice(260, -1), 'aaa/new.html', 'blog/new/index.html', 'zzz.txt']);
    expect([...positionsIn(record, now)]).toEqual(byLookup(record, now));
    expect([...positionsIn(record, [])]).toEqual([]);
    expect([...positionsIn(recordOf([]), now)]).toEqual(now.map(() => -1));
  });

  it('lists not in path order (an older record): found by path all the same', () => {
    const shuffled = [...before].reverse();
    expect([...positionsIn(recordOf(shuffled), before)]).toEqual(byLookup(recordOf(shuffled), before));
    expect([...positionsIn(record, shuffled)]).toEqual(byLookup(record, shuffled));
  });
});
