import { describe, expect, it } from 'vitest';
import type { HostFiles } from '../../../src/build/build-state.ts';
import { keptHeaders, type ChangePlan } from '../../../src/graph/index.ts';
import { loadSiteConfig } from '../../../src/config/index.ts';
import { hostFiles, type OutputFile } from '../../../src/output/index.ts';
import { copyFixture } from '../../support/fixture.ts';

// A watch save that renames hashed files keeps the last _headers only when the rules made again
// would be the same: each case is checked against _headers made from scratch.
const file = (path: string, hashed = false): OutputFile => ({ path, data: path, ...(hashed ? { hashed: true } : {}) });
const made = (files: OutputFile[]): HostFiles['made'] => ({ paths: files.map((f) => f.path), hashed: files.map((f) => f.hashed === true) });

describe('keptHeaders: the last _headers, when renamed hashed files leave the cache rules as they were', async () => {
  const f = await copyFixture('basic');
  const config = await loadSiteConfig({ siteDir: f.site });
  await f.cleanup();
  const before = [
    file('blog/post/index.html'),
    file('blog/post/shot.1a2b.png', true),
    file('index.html'),
    file('og/1a2b.jpg', true),
    file('og/3c4d.jpg', true),
  ];
  const last: HostFiles = { made: made(before), files: hostFiles(before, config), order: new Int32Array() };
  /** A watch rebuild after the last build, with or without the settings step. */
  const planOf = (settings: boolean) => ({ last: { host: last }, runs: (step: string) => settings && step === 'settings' }) as unknown as ChangePlan;
  const sameRulesAs = (now: HostFiles['made']) => keptHeaders(planOf(false), now);
  const headersOf = (files: OutputFile[]) => hostFiles(files, config)[0]!;

  it('keeps them for a card renamed in og/, which one folder rule covers, unless the settings changed', () => {
    const after = before.map((x) => (x.path === 'og/3c4d.jpg' ? file('og/5e6f.jpg', true) : x));
    expect(sameRulesAs(made(after))).toBe(last.files[0]);
    expect(headersOf(after)).toEqual(last.files[0]);
    // The security headers come from site.yaml (a new site name renames every card, too).
    expect(keptHeaders(planOf(true), made(after))).toBeUndefined();
  });

  it('makes them again for a hashed file listed by its own name, a file moved to another folder, or one no longer hashed', () => {
    const beside = before.map((x) => (x.path === 'blog/post/shot.1a2b.png' ? file('blog/post/shot.9f8e.png', true) : x));
    expect(sameRulesAs(made(beside))).toBeUndefined();
    expect(headersOf(beside)).not.toEqual(last.files[0]);
    const moved = before.map((x) => (x.path === 'og/3c4d.jpg' ? file('og2/3c4d.jpg', true) : x));
    expect(sameRulesAs(made(moved))).toBeUndefined();
    const plain = before.map((x) => (x.path === 'og/3c4d.jpg' ? file('og/3c4d.jpg') : x));
    expect(sameRulesAs(made(plain))).toBeUndefined();
    expect(sameRulesAs(made(before.slice(1)))).toBeUndefined();
  });
});
