import { spawn } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import * as fsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildFixture, copyFixture, ROOT } from '../support/fixture.ts';

// The writer's file writes go through this mock, so a test can make one fail in the middle of a build.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, writeFile: vi.fn(actual.writeFile) };
});

const writeFileMock = vi.mocked(fsPromises.writeFile);
const stagingFolders = async (dir: string) => (await readdir(dir)).filter((n) => n.includes('.staging-'));

afterEach(() => writeFileMock.mockReset());

describe('a failed write of out/', () => {
  it('reports the original error and leaves neither a staging folder nor a changed out/', async () => {
    const f = await copyFixture('basic');
    try {
      await buildFixture(f);
      const before = await readFile(join(f.out, 'index.html'), 'utf8');
      const actual = (await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises')).writeFile;
      let calls = 0;
      // A slow disk: every write to the staging folder takes 100 ms, and the 5th fails while
      // dozens of others are under way and more wait for their turn.
      writeFileMock.mockImplementation(async (...args: Parameters<typeof actual>) => {
        if (String(args[0]).includes('.out.staging-')) {
          const call = ++calls;
          await new Promise((resolve) => setTimeout(resolve, call === 5 ? 20 : 100));
          if (call === 5) throw Object.assign(new Error(`EIO: i/o error, write '${String(args[0])}'`), { code: 'EIO' });
        }
        return actual(...args);
      });
      // A fresh cache has no record of out/: the whole folder is staged and swapped in.
      await expect(buildFixture(f, { cacheDir: join(f.dir, '.cache-2') })).rejects.toThrow(/^EIO: i\/o error, write/);
      expect(calls).toBeGreaterThan(5);
      expect(await stagingFolders(f.dir)).toEqual([]);
      expect(await readFile(join(f.out, 'index.html'), 'utf8')).toBe(before);
    } finally {
      await f.cleanup();
    }
  }, 240_000);

  it('removes the staging folder a killed build left behind', async () => {
    const f = await copyFixture('basic');
    try {
      // A process id no process has (above Linux's pid_max).
      const stale = join(f.dir, '.out.staging-4194400-0badc0de');
      await mkdir(join(stale, 'blog'), { recursive: true });
      await writeFile(join(stale, 'blog/index.html'), '<!doctype html><title>half written</title>');
      await buildFixture(f);
      // Removed in the background: a large folder must not hold the build up.
      for (let i = 0; i < 100 && (await stagingFolders(f.dir)).length; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await stagingFolders(f.dir)).toEqual([]);
    } finally {
      await f.cleanup();
    }
  }, 240_000);
});

describe('an interrupted build', () => {
  it('Ctrl-C while out/ is staged: the staging folder goes with the process', async () => {
    const f = await copyFixture('basic');
    try {
      const child = spawn('node', [join(ROOT, 'bin/agency-site'), 'build', '--site', f.site, '--out', f.out], { cwd: f.dir, stdio: 'ignore' });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      let seen = false;
      // Interrupted as soon as the staging folder appears, while files are being written into it.
      while (!seen && child.exitCode === null) {
        seen = (await stagingFolders(f.dir)).length > 0;
        if (!seen) await new Promise((resolve) => setTimeout(resolve, 2));
      }
      expect(seen).toBe(true);
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(await stagingFolders(f.dir)).toEqual([]);
    } finally {
      await f.cleanup();
    }
  }, 240_000);
});

describe('two images with the same bytes', () => {
  it('build: one set of files, both names shown, no EEXIST', async () => {
    const f = await copyFixture('basic');
    try {
      await copyFile(join(f.site, 'images/buenos-aires-at-dusk.jpg'), join(f.site, 'images/buenos-aires-copy.jpg'));
      const post = join(f.site, 'blog/en/first-post.md');
      await writeFile(
        post,
        (await readFile(post, 'utf8')) +
          '\n![Buenos Aires at dusk](/images/buenos-aires-at-dusk.jpg)\n\n![The same view, saved again](/images/buenos-aires-copy.jpg)\n',
      );
      await buildFixture(f);
      const html = await readFile(join(f.out, 'blog/first-post/index.html'), 'utf8');
      const sources = [...html.matchAll(/<img src="([^"]+)"[^>]*alt="(Buenos Aires at dusk|The same view, saved again)"/g)].map((m) => m[1]);
      expect(sources).toHaveLength(2);
      expect(sources[0]).toBe(sources[1]);
      expect(await stagingFolders(f.dir)).toEqual([]);
    } finally {
      await f.cleanup();
    }
  }, 240_000);
});
