import { execFile } from 'node:child_process';
import { appendFile, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, ROOT } from '../support/fixture.ts';

const execFileP = promisify(execFile);

/** Every file of a folder and its bytes, by relative path. */
async function contents(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()))
    files[join(entry.parentPath, entry.name).slice(dir.length + 1)] = await readFile(join(entry.parentPath, entry.name), 'latin1');
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));
}

describe("build's pipeline runs with V8's code cache", () => {
  let f: Awaited<ReturnType<typeof copyFixture>>;
  // The installation's cache folder, here one of this test's own (other test files build beside it).
  let codeCache: string;
  const cacheFile = (dir = codeCache) => join(dir, 'code-cache-v1', `build-entry-${process.version}-${process.arch}.bin`);
  /** `agency-site build` as a user runs it (the compiled CLI); a failure is returned, not thrown. */
  const build = async (site = f, env: NodeJS.ProcessEnv = { ...process.env, AGENCY_SITE_CODE_CACHE: codeCache }) =>
    execFileP(process.execPath, [join(ROOT, 'bin/agency-site'), 'build', '--site', f.site, '--out', site.out, '--cache', site.cache], {
      cwd: site.dir,
      env,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  const edit = () => appendFile(join(f.site, 'blog/en/first-post.md'), `\nOne more sentence, ${Date.now()}.\n`);
  beforeAll(async () => {
    f = await copyFixture('basic');
    codeCache = join(f.dir, 'installation-cache');
  });
  afterAll(() => f.cleanup());

  it("is kept with the installation, not the site: a site's first build (no .cache/) starts from it", async () => {
    expect((await build()).code).toBe(0);
    const written = await stat(cacheFile());
    expect(written.size).toBeGreaterThan(100_000);
    await expect(stat(cacheFile(f.cache))).rejects.toMatchObject({ code: 'ENOENT' });
    const other = await copyFixture('basic');
    try {
      expect((await build(other)).code).toBe(0);
      // Taken by V8 as it was: not written again, and nothing in the new site's cache.
      expect((await stat(cacheFile())).mtimeMs).toBe(written.mtimeMs);
      await expect(stat(cacheFile(other.cache))).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await other.cleanup();
    }
  }, 120_000);

  it("goes to the site's cache when the installation's folder cannot be written (a global install run by another user)", async () => {
    const readOnly = join(f.dir, 'read-only');
    await writeFile(readOnly, 'a file, so no folder can be made under it');
    const other = await copyFixture('basic');
    try {
      expect((await build(other, { ...process.env, AGENCY_SITE_CODE_CACHE: join(readOnly, 'cache') })).code).toBe(0);
      expect((await stat(cacheFile(other.cache))).size).toBeGreaterThan(100_000);
    } finally {
      await other.cleanup();
    }
  }, 120_000);

  it('a build leaves the cache, and the next, an edit, takes it as it is', async () => {
    expect((await build()).code).toBe(0);
    const written = await stat(cacheFile());
    expect(written.size).toBeGreaterThan(100_000);
    await edit();
    const next = await build();
    expect(next.code).toBe(0);
    expect(next.stdout).toMatch(/\n {2}1 rendered/);
    // Accepted by V8, so not written again.
    expect((await stat(cacheFile())).mtimeMs).toBe(written.mtimeMs);
  }, 120_000);

  it('a cache V8 refuses (damaged, or another build of the bundle) is only slower: the build is the same, and the cache made again', async () => {
    await edit();
    await writeFile(cacheFile(), Buffer.alloc(4096, 7));
    const result = await build();
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    const madeAgain = await readFile(cacheFile());
    expect(madeAgain.length).toBeGreaterThan(100_000);
    // And out/ is what a cold build of the same site writes, with a cache of its own.
    const fresh = await copyFixture('basic');
    try {
      await execFileP(process.execPath, [join(ROOT, 'bin/agency-site'), 'build', '--site', f.site, '--out', fresh.out, '--cache', fresh.cache], {
        cwd: fresh.dir,
      });
      expect(await contents(f.out)).toEqual(await contents(fresh.out));
    } finally {
      await fresh.cleanup();
    }
  }, 120_000);

  it('a failed build describes its error as before, and leaves no cache of its run', async () => {
    const folder = join(codeCache, 'code-cache-v1');
    for (const name of await readdir(folder)) await writeFile(join(folder, name), '');
    const post = join(f.site, 'blog/en/first-post.md');
    const text = await readFile(post, 'utf8');
    await writeFile(post, text.replace(/^title: .*$/m, 'title: [unclosed'));
    try {
      const failed = await build();
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/first-post\.md:\d+/);
      expect((await stat(cacheFile())).size).toBe(0);
    } finally {
      await writeFile(post, text);
    }
  }, 120_000);
});
