import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedBuild } from '../../../src/assets/cached-build.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A two-file bundle, built through the cache; the entry file the cache keeps, parsed. */
function setUp() {
  dir = mkdtempSync(join(tmpdir(), 'agency-site-cached-build-'));
  writeFileSync(join(dir, 'entry.js'), "import { greeting } from './greeting.js';\nconsole.log(greeting);\n");
  writeFileSync(join(dir, 'greeting.js'), "export const greeting = 'hola';\n");
  const cacheDir = join(dir, '.cache');
  const build = () =>
    cachedBuild({ cacheDir, name: 'client', build: { entryPoints: [join(dir, 'entry.js')], bundle: true, format: 'esm', outdir: join(dir, 'out') } });
  const entry = () => {
    const [name] = readdirSync(join(cacheDir, 'esbuild'));
    return JSON.parse(readFileSync(join(cacheDir, 'esbuild', name!), 'utf8')) as { stamps: Record<string, number[]> };
  };
  return { build, entry, greeting: join(dir, 'greeting.js') };
}

describe('cachedBuild', () => {
  it('reuses its result while every input keeps its stamp, and builds again when one changes', async () => {
    const { build, greeting } = setUp();
    // Whole seconds, which utimes sets back exactly.
    utimesSync(greeting, 1_700_000_000, 1_700_000_000);
    expect((await build()).files[0]!.text).toContain('"hola"');
    // Same size, inode and mtime: the stored output is returned, though esbuild would now see other text.
    writeFileSync(greeting, "export const greeting = 'chau';\n");
    utimesSync(greeting, 1_700_000_000, 1_700_000_000);
    expect((await build()).files[0]!.text).toContain('"hola"');
    // A new mtime: hashed, found changed, built again.
    utimesSync(greeting, new Date(), new Date());
    expect((await build()).files[0]!.text).toContain('"chau"');
  });

  it('a file touched but unchanged is hashed once, and its new stamp kept', async () => {
    const { build, entry, greeting } = setUp();
    await build();
    const later = new Date(Date.now() + 60_000);
    utimesSync(greeting, later, later);
    expect((await build()).files[0]!.text).toContain('"hola"');
    expect(entry().stamps[greeting]![1]).toBe(statSync(greeting).mtimeMs);
  });
});
