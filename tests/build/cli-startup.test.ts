import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, ROOT } from '../support/fixture.ts';

const execFileP = promisify(execFile);
const HEAVY = ['react', 'react-dom', 'sharp', 'esbuild', 'unified', 'remark-parse', 'rehype-highlight', 'workbox-build', 'svgo'];

/**
 * Runs the compiled CLI with a loader hook that records every module it resolves; returns the
 * packages. `build` runs its pipeline from dist/build-entry.cjs, read as a script (with V8's code
 * cache) rather than resolved: the bundle counts as loaded when its code cache is there after the run.
 */
async function packagesLoadedBy(args: string[], cwd: string): Promise<{ packages: Set<string>; stdout: string; code: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'agency-imports-'));
  const log = join(dir, 'imports.log');
  // A code cache folder of this run's own: the bundle counts as loaded when its cache is written there.
  const codeCache = join(dir, 'code-cache');
  const env = {
    ...process.env,
    RECORD_IMPORTS: log,
    AGENCY_SITE_CODE_CACHE: codeCache,
    NODE_OPTIONS: `--import ${join(ROOT, 'tests/support/record-imports.mjs')}`,
  };
  let stdout = '';
  let code = 0;
  try {
    stdout = (await execFileP(process.execPath, [join(ROOT, 'bin/agency-site'), ...args], { cwd, env })).stdout;
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    code = failed.code;
    stdout = failed.stdout;
  }
  const urls = (await readFile(log, 'utf8')).split('\n');
  const codeCaches = await readdir(join(codeCache, 'code-cache-v1')).catch(() => []);
  if (codeCaches.some((f) => f.startsWith('build-entry-'))) urls.push(`file://${join(ROOT, 'dist/build-entry.cjs')}`);
  await rm(dir, { recursive: true, force: true });
  const packages = new Set(urls.map((u) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1]).filter((p): p is string => p !== undefined));
  // Dependencies bundled into dist/ are named in esbuild's "// node_modules/<package>/…" comments.
  for (const url of urls.filter((u) => u.startsWith(`file://${join(ROOT, 'dist')}/`))) {
    for (const m of (await readFile(new URL(url), 'utf8')).matchAll(/^\/\/ node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)) packages.add(m[1]!);
  }
  return { packages, stdout, code };
}

describe('the CLI loads only what the command needs', () => {
  let fixture: Awaited<ReturnType<typeof copyFixture>>;
  beforeAll(async () => {
    fixture = await copyFixture('basic');
  });
  afterAll(() => fixture.cleanup());

  it('--help prints the commands without loading React, sharp, esbuild or unified', async () => {
    const { packages, stdout, code } = await packagesLoadedBy(['--help'], fixture.dir);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Usage: agency-site/);
    expect(stdout).toMatch(/build \[options\]/);
    expect(HEAVY.filter((p) => packages.has(p))).toEqual([]);
  });

  it('leads list opens SQLite and nothing of the build', async () => {
    const { packages, stdout, code } = await packagesLoadedBy(['leads', 'list', '--db', join(fixture.dir, 'missing.db')], fixture.dir);
    // No database there: the command fails with its own message, having loaded only what it needs.
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(packages.has('better-sqlite3')).toBe(true);
    expect(HEAVY.filter((p) => packages.has(p))).toEqual([]);
  });

  it('build loads the stages it runs (the hook sees them, so the checks above can fail)', async () => {
    const { packages, stdout, code } = await packagesLoadedBy(
      ['build', '--site', fixture.site, '--out', fixture.out, '--cache', fixture.cache, '--quiet'],
      fixture.dir,
    );
    expect({ code, stdout }).toEqual({ code: 0, stdout: '' });
    for (const p of ['esbuild', 'sharp', 'unified']) expect(packages).toContain(p);
  }, 60_000);
});

describe("the CLI's thread pool", () => {
  /** The pool's size as the run left it, and whether Node read the bin as CommonJS (`process.mainModule` is set only then). */
  async function poolOf(env: NodeJS.ProcessEnv): Promise<{ size?: string; main: string | null }> {
    const dir = await mkdtemp(join(tmpdir(), 'agency-pool-'));
    const probe = join(dir, 'probe.cjs');
    await writeFile(
      probe,
      "process.on('exit', () => process.stderr.write(JSON.stringify({ size: process.env.UV_THREADPOOL_SIZE, main: process.mainModule?.filename ?? null })));",
    );
    try {
      const { stderr } = await execFileP(process.execPath, ['--require', probe, join(ROOT, 'bin/agency-site'), '--version'], { env });
      return JSON.parse(stderr) as { size?: string; main: string | null };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('starts libuv with eight threads, set before anything asynchronous ran, unless UV_THREADPOOL_SIZE says otherwise', async () => {
    const { UV_THREADPOOL_SIZE: _set, ...env } = process.env;
    // libuv reads the size once, when its first task runs: only a bin read synchronously (CommonJS) sets it in time.
    expect(await poolOf(env)).toEqual({ size: '8', main: join(ROOT, 'bin/agency-site') });
    expect((await poolOf({ ...env, UV_THREADPOOL_SIZE: '3' })).size).toBe('3');
  });
});
