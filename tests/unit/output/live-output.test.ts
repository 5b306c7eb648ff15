import { linkSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiveOutput, type FilledFile, type HeldOutput } from '../../../src/output/index.ts';
import { namedOf } from '../../../src/output/filled-file.ts';
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
/** What out/ held of one file before the build, as a watch session's record says (stamps unknown). */
const held = (path: string, key: string): HeldOutput => ({ file: (asked) => (asked === path ? { key, size: -1, mtimeMs: -1 } : undefined) });
/** The same for out/'s page as it is now, filled with `css`'s names, with its stamps and the names the record keeps. */
const heldAsWritten = (css: string): HeldOutput => {
  const { size, mtimeMs } = statSync(page());
  const values = assetSlots(names(css)).values;
  const key = `fill:${basename(cached)}:${namedOf(at, values)}`;
  return { file: (asked) => (asked === 'es/index.html' ? { key, size, mtimeMs } : undefined), names: values };
};
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

  it('gets only its changed names written when it is as the last build left it', async () => {
    await new LiveOutput(join(dir, 'out')).put(fill('/assets/site.2222.css'));
    const before = statSync(page()).ino;
    const live = new LiveOutput(join(dir, 'out'), heldAsWritten('/assets/site.2222.css'));
    await live.put(fill('/assets/site.3333.css'));
    expect(readFileSync(page(), 'utf8')).toBe(expected('/assets/site.3333.css'));
    expect(statSync(page()).ino).toBe(before);
    expect(live.bytesWritten).toBe(Buffer.byteLength('/assets/site.3333.css'));
    // Its new stamp, for the record, without a stat by path.
    const after = statSync(page());
    expect(live.stamps.get('es/index.html')).toEqual([after.size, after.mtimeMs]);
  });

  it('is written in full when it changed since the last build', async () => {
    await new LiveOutput(join(dir, 'out')).put(fill('/assets/site.2222.css'));
    const asWritten = heldAsWritten('/assets/site.2222.css');
    // Edited behind the session's back, the same size: its stamps are no longer the recorded ones.
    writeFileSync(page(), readFileSync(page(), 'utf8').replace('a medida', 'A MEDIDA'));
    utimesSync(page(), new Date(2020, 0, 1), new Date(2020, 0, 1));
    const live = new LiveOutput(join(dir, 'out'), asWritten);
    await live.put(fill('/assets/site.3333.css'));
    expect(readFileSync(page(), 'utf8')).toBe(expected('/assets/site.3333.css'));
    expect(live.bytesWritten).toBe(Buffer.byteLength(expected('/assets/site.3333.css')));
  });

  it('keeps its own copy when its names go back to those of the cached page, and patches it again on the next edit', async () => {
    await new LiveOutput(join(dir, 'out')).put(fill('/assets/site.2222.css'));
    const before = statSync(page()).ino;
    // The stylesheet edited back: the cached page holds this build's names again.
    const back = new LiveOutput(join(dir, 'out'), heldAsWritten('/assets/site.2222.css'));
    await back.put({ path: 'es/index.html', linkFrom: cached, bytes: statSync(cached).size, slots: { at, values: stored.values } });
    expect(readFileSync(page(), 'utf8')).toBe(expected('/assets/site.1111.css'));
    expect(statSync(page()).ino).toBe(before);
    expect(statSync(cached).nlink).toBe(1);
    expect(back.bytesWritten).toBe(Buffer.byteLength('/assets/site.1111.css'));

    // out/ now holds a copy of the cached bytes, recorded under the cached file's key.
    const { size, mtimeMs } = statSync(page());
    const copy: HeldOutput = { file: (asked) => (asked === 'es/index.html' ? { key: cached, size, mtimeMs } : undefined) };
    const next = new LiveOutput(join(dir, 'out'), copy);
    await next.put(fill('/assets/site.3333.css'));
    expect(readFileSync(page(), 'utf8')).toBe(expected('/assets/site.3333.css'));
    expect(statSync(page()).ino).toBe(before);
    expect(next.bytesWritten).toBe(Buffer.byteLength('/assets/site.3333.css'));
  });

  it('is written beside and renamed over when out/ links it to the page cache, the cached page untouched', async () => {
    linkSync(cached, page());
    const { size, mtimeMs } = statSync(page());
    const linked: HeldOutput = { file: (asked) => (asked === 'es/index.html' ? { key: cached, size, mtimeMs } : undefined) };
    await new LiveOutput(join(dir, 'out'), linked).put(fill('/assets/site.3333.css'));
    expect(readFileSync(page(), 'utf8')).toBe(expected('/assets/site.3333.css'));
    expect(readFileSync(cached, 'utf8')).toBe(expected('/assets/site.1111.css'));
    expect(statSync(cached).nlink).toBe(1);
  });
});
