import { linkSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiveOutput, type FilledFile } from '../../../src/output/index.ts';
import { assetSlots, fillAssetSlots } from '../../../src/render/index.ts';

const names = (css: string) => ({ stylesheets: [css], scripts: ['/assets/runtime.3c4d.js'], buildHash: '5e6f', templateChunks: {}, islandChunks: {} });
const stored = assetSlots(names('/assets/site.1111.css'));
const { tokens } = stored;
const render = `<link rel="stylesheet" href="${tokens.stylesheets[0]}"/><h1>Diseño a medida</h1><script src="${tokens.scripts[0]}"></script>`;

let dir: string;
let cached: string;
let at: FilledFile['at'];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'live-output-'));
  mkdirSync(join(dir, 'cache'));
  mkdirSync(join(dir, 'out/es'), { recursive: true });
  cached = join(dir, 'cache/ab12.html');
  const filled = fillAssetSlots(render, stored.values);
  writeFileSync(cached, filled.text);
  at = filled.at;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The page of out/ filled from the cached page with the stylesheet `css`. */
const fill = (css: string): FilledFile => {
  const values = assetSlots(names(css)).values;
  return { path: 'es/index.html', fillFrom: cached, at, storedWith: stored.values, values, named: css };
};
/** What out/ held of one file before the build, as a watch session's record says. */
const held = (path: string, key: string) => (asked: string) => (asked === path ? key : undefined);
const expected = (css: string) => fillAssetSlots(render, assetSlots(names(css)).values).text;
const page = () => join(dir, 'out/es/index.html');

describe('LiveOutput in serve --watch: a page whose asset names alone change', () => {
  it('is written over in place when out/ holds its own copy filled from the same cached page', async () => {
    await new LiveOutput(join(dir, 'out')).put(fill('/assets/site.2222.css'));
    const before = statSync(page()).ino;
    const live = new LiveOutput(join(dir, 'out'), held('es/index.html', `fill:${basename(cached)}:x`));
    await live.put(fill('/assets/site.3333.css'));
    expect(readFileSync(page(), 'utf8')).toBe(expected('/assets/site.3333.css'));
    expect(statSync(page()).ino).toBe(before);
    expect(live.filesWritten).toBe(1);
    // The cached page keeps the names it was stored with.
    expect(readFileSync(cached, 'utf8')).toBe(expected('/assets/site.1111.css'));
  });

  it('is replaced, never written through, when out/ links it to the page cache', async () => {
    linkSync(cached, page());
    await new LiveOutput(join(dir, 'out'), held('es/index.html', `fill:${basename(cached)}:x`)).put(fill('/assets/site.3333.css'));
    expect(readFileSync(page(), 'utf8')).toBe(expected('/assets/site.3333.css'));
    expect(readFileSync(cached, 'utf8')).toBe(expected('/assets/site.1111.css'));
  });

  it('is replaced when its size changes, or when out/ held a copy of another cached page', async () => {
    await new LiveOutput(join(dir, 'out')).put(fill('/assets/site.2222.css'));
    const before = statSync(page()).ino;
    await new LiveOutput(join(dir, 'out'), held('es/index.html', `fill:${basename(cached)}:x`)).put(fill('/assets/site.longer.3333.css'));
    expect(readFileSync(page(), 'utf8')).toBe(expected('/assets/site.longer.3333.css'));
    expect(statSync(page()).ino).not.toBe(before);

    const again = statSync(page()).ino;
    await new LiveOutput(join(dir, 'out'), held('es/index.html', 'fill:cd34.html:x')).put(fill('/assets/site.longer.4444.css'));
    expect(readFileSync(page(), 'utf8')).toBe(expected('/assets/site.longer.4444.css'));
    expect(statSync(page()).ino).not.toBe(again);
  });
});
