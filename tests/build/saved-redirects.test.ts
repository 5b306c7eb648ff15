import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, ROOT } from '../support/fixture.ts';

const execFileP = promisify(execFile);

describe('`build` takes back the redirect map it saved, when a change cannot move a URL', () => {
  let f: Awaited<ReturnType<typeof copyFixture>>;
  /** `agency-site build --verbose` as a user runs it; its stages line. */
  const build = async (out = f.out, cache = f.cache, ...flags: string[]) => {
    const { stdout } = await execFileP(
      process.execPath,
      [join(ROOT, 'bin/agency-site'), 'build', '--verbose', '--site', f.site, '--out', out, '--cache', cache, ...flags],
      { cwd: f.dir, env: { ...process.env, CI: '' } },
    );
    return /stages: (.*)/.exec(stdout)?.[1] ?? '';
  };
  const post = () => join(f.site, 'blog/en/first-post.md');
  const hostFiles = async (out: string) => Promise.all(['_redirects', '_redirect-map.json'].map((file) => readFile(join(out, file), 'utf8')));
  const edit = async (from: RegExp, to: string) => writeFile(post(), (await readFile(post(), 'utf8')).replace(from, to));

  beforeAll(async () => {
    f = await copyFixture('basic');
    // A redirect of its own, so the map is not empty.
    await writeFile(join(f.site, 'redirects.yaml'), 'redirects:\n  - { from: /old-contact/, to: /contact/ }\n');
    await build();
  }, 60_000);
  afterAll(() => f.cleanup());

  it("a post's title and body edited: the map is taken back, and out/ and the lock are what a cold build makes", async () => {
    await edit(/title: .*/, 'title: First post, retitled');
    await edit(/## Hello/, '## Hello again');
    const stages = await build();
    expect(stages).toContain('rendering pages');
    expect(stages).not.toContain('mapping redirects');
    const lock = await readFile(join(f.site, 'urls.lock'), 'utf8');
    const cold = await mkdtemp(join(tmpdir(), 'agency-site-saved-redirects-'));
    try {
      expect(await build(join(cold, 'out'), join(cold, '.cache'))).toContain('mapping redirects');
      expect(await hostFiles(f.out)).toEqual(await hostFiles(join(cold, 'out')));
      expect((await hostFiles(f.out))[0]).toContain('/old-contact/ /contact/ 301');
      expect(await readFile(join(f.site, 'urls.lock'), 'utf8')).toBe(lock);
    } finally {
      await rm(cold, { recursive: true, force: true });
    }
  }, 60_000);

  it('a renamed post (a new URL) is mapped again: the old URL redirects to it and the lock records it', async () => {
    await rename(post(), join(f.site, 'blog/en/hello-world.md'));
    expect(await build()).toContain('mapping redirects');
    expect((await hostFiles(f.out))[0]).toContain('/blog/first-post/ /blog/hello-world/ 301');
    expect(await readFile(join(f.site, 'urls.lock'), 'utf8')).toContain('/blog/hello-world/ post:first en site/blog/en/hello-world.md');
    await rename(join(f.site, 'blog/en/hello-world.md'), post());
    await build();
  }, 60_000);

  it('redirects.yaml edited, or another lock mode: mapped again', async () => {
    await writeFile(join(f.site, 'redirects.yaml'), 'redirects:\n  - { from: /old-contact/, to: /contact/ }\n  - { from: /jobs/, to: /careers/ }\n');
    expect(await build()).toContain('mapping redirects');
    expect((await hostFiles(f.out))[0]).toContain('/jobs/ /careers/ 301');
    // The map saved by a --no-lock build is not the one a build with the lock makes, and the other way round.
    await edit(/title: .*/, 'title: First post, once more');
    expect(await build(f.out, f.cache, '--no-lock')).toContain('mapping redirects');
    await edit(/title: .*/, 'title: First post, and again');
    expect(await build()).toContain('mapping redirects');
    await edit(/title: .*/, 'title: First post, at last');
    expect(await build()).not.toContain('mapping redirects');
  }, 60_000);
});
