import { describe, expect, it } from 'vitest';
import type { HostFiles } from '../../../src/build/build-state.ts';
import { renamedHashedFiles, type ChangePlan } from '../../../src/graph/index.ts';
import { loadSiteConfig } from '../../../src/config/index.ts';
import { byPath, hostFiles, movedInOrder, renamedHostFiles, type OutputFile } from '../../../src/output/index.ts';
import { copyFixture } from '../../support/fixture.ts';

// A watch save that renames hashed files keeps the last _headers only when the rules made again
// would be the same, and patches the list of hashed files and the order by path: each case is
// checked against what a build from scratch makes.
const file = (path: string, hashed = false): OutputFile => ({ path, data: path, ...(hashed ? { hashed: true } : {}) });
const made = (files: OutputFile[]): HostFiles['made'] => ({ paths: files.map((f) => f.path), hashed: files.map((f) => f.hashed === true), files });

describe('renamedHashedFiles: the last host files, when renamed hashed files leave the cache rules as they were', async () => {
  const f = await copyFixture('basic');
  const config = await loadSiteConfig({ siteDir: f.site });
  await f.cleanup();
  const before = [
    file('blog/post/index.html'),
    file('blog/post/shot.1a2b.png', true),
    file('index.html'),
    file('og/1a2b.jpg', true),
    file('og/3c4d.jpg', true),
    file('og/9a9a.jpg', true),
  ];
  const hostOf = (files: OutputFile[]): HostFiles => {
    const host = hostFiles(files, config);
    return { made: made(files), ...host, order: byPath([...files, ...host.files].map((x) => x.path)) };
  };
  const last = hostOf(before);
  /** A watch rebuild after the last build, with or without the settings step. */
  const planOf = (settings: boolean) => ({ last: { host: last }, runs: (step: string) => settings && step === 'settings' }) as unknown as ChangePlan;
  const renamedIn = (now: HostFiles['made']) => renamedHashedFiles(planOf(false), now);

  it('keeps _headers for cards renamed in og/, which one folder rule covers, and patches the rest as a new build would make it', () => {
    // One card's new name sorts first in og/, the other's last: both move in the order.
    const after = before.map((x) => (x.path === 'og/3c4d.jpg' ? file('og/0e0f.jpg', true) : x.path === 'og/1a2b.jpg' ? file('og/ffff.jpg', true) : x));
    const found = renamedIn(made(after))!;
    expect(found.renamed).toEqual([3, 4]);
    const patched = renamedHostFiles(
      { headers: found.headers, hashed: last.hashed },
      found.renamed.map((i) => [last.made.paths[i]!, after[i]!.path] as const),
    );
    const fresh = hostOf(after);
    expect(patched.files).toEqual(fresh.files);
    expect(patched.files[0]).toBe(last.files[0]);
    expect(patched.hashed).toEqual(fresh.hashed);
    const paths = [...after, ...patched.files].map((x) => x.path);
    expect([...movedInOrder(last.order, found.renamed, paths)]).toEqual([...fresh.order]);
    // The security headers come from site.yaml (a new site name renames every card, too).
    expect(renamedHashedFiles(planOf(true), made(after))).toBeUndefined();
  });

  it('makes them again for a hashed file listed by its own name, a file moved to another folder, or one no longer hashed', () => {
    const beside = before.map((x) => (x.path === 'blog/post/shot.1a2b.png' ? file('blog/post/shot.9f8e.png', true) : x));
    expect(renamedIn(made(beside))).toBeUndefined();
    expect(hostOf(beside).files[0]).not.toEqual(last.files[0]);
    const moved = before.map((x) => (x.path === 'og/3c4d.jpg' ? file('og2/3c4d.jpg', true) : x));
    expect(renamedIn(made(moved))).toBeUndefined();
    const plain = before.map((x) => (x.path === 'og/3c4d.jpg' ? file('og/3c4d.jpg') : x));
    expect(renamedIn(made(plain))).toBeUndefined();
    expect(renamedIn(made(before.slice(1)))).toBeUndefined();
  });

  it('orders by path from any start: a few files moved, or none', () => {
    const paths = Array.from({ length: 300 }, (_, i) => `p/${(i * 7919) % 1000}.html`);
    const sorted = byPath(paths);
    expect([...sorted].map((i) => paths[i])).toEqual([...paths].sort());
    const renamedPaths = paths.map((p, i) => (i === 5 ? 'a/first.html' : i === 200 ? 'z/last.html' : i === 77 ? 'p/500.5.html' : p));
    expect([...movedInOrder(sorted, [5, 77, 200], renamedPaths)]).toEqual([...byPath(renamedPaths)]);
    expect([...movedInOrder(sorted, [], paths)]).toEqual([...sorted]);
  });
});
