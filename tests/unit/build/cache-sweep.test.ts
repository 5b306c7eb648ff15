import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuildState } from '../../../src/build/build-state.ts';

// One path removal fails (as for a file whose folder is read-only to this user): set per test.
const refused = { path: '' };
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  return {
    ...fs,
    rm: (path: string, options: Parameters<typeof fs.rm>[1]) =>
      path === refused.path ? Promise.reject(Object.assign(new Error(`EACCES: ${path}`), { code: 'EACCES' })) : fs.rm(path, options),
  };
});
const { sweepCache } = await import('../../../src/build/cache-sweep.ts');

/** The state of a build that used no cached file: every file in the swept folders is unused. */
const usingNothing = {
  pageIndex: { pages: new Map(), reads: new Map(), slotValues: {} },
  config: { settings: { embeds: { hosts: [] } } },
  plan: { pages: [] },
  cards: new Map(),
  images: { files: [] },
  templates: { file: '/nowhere/server.mjs' },
  css: { text: '' },
  client: { files: [] },
} as unknown as BuildState;

describe('a cache sweep', () => {
  let cache = '';
  afterEach(() => rm(cache, { recursive: true, force: true }));

  it('goes on past an entry it cannot remove, leaves that one for the next sweep, and counts only what went', async () => {
    cache = await mkdtemp(join(tmpdir(), 'agency-sweep-'));
    mkdirSync(join(cache, 'pages-v8/ab'), { recursive: true });
    mkdirSync(join(cache, 'og-v4'));
    const files = [...Array.from({ length: 100 }, (_, i) => `pages-v8/ab/${i}.html`), 'og-v4/a.jpg', 'og-v4/b.jpg'];
    for (const file of files) writeFileSync(join(cache, file), 'four');
    refused.path = join(cache, 'pages-v8/ab/7.html');

    const swept = await sweepCache(cache, usingNothing);
    expect(swept).toMatchObject({ files: files.length - 1, bytes: 4 * (files.length - 1), stopped: false });
    expect(files.filter((file) => existsSync(join(cache, file)))).toEqual(['pages-v8/ab/7.html']);

    refused.path = '';
    expect((await sweepCache(cache, usingNothing)).files).toBe(1);
    expect(existsSync(join(cache, 'pages-v8/ab/7.html'))).toBe(false);
  });
});
