import { execFile } from 'node:child_process';
import { appendFile, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, ROOT } from '../support/fixture.ts';

const execFileP = promisify(execFile);

describe('a build with nothing changed decides so from file stamps', () => {
  let f: Awaited<ReturnType<typeof copyFixture>>;
  /** `agency-site build` as a user runs it (the compiled CLI), in the fixture's folder. */
  const build = async () => {
    const { stdout, stderr } = await execFileP(
      process.execPath,
      [join(ROOT, 'bin/agency-site'), 'build', '--site', f.site, '--out', f.out, '--cache', f.cache],
      { cwd: f.dir },
    );
    return { stdout, stderr };
  };
  beforeAll(async () => {
    f = await copyFixture('basic');
    await build();
  }, 60_000);
  afterAll(() => f.cleanup());

  it('exits after checking stamps, and says nothing was rendered or written', async () => {
    const { stdout, stderr } = await build();
    expect(stderr).toBe('');
    expect(stdout).toMatch(/0 rendered, \d+ from cache, 0 markdown files parsed/);
    expect(stdout).toContain('output already up to date: nothing written');
    expect(stdout).toMatch(/stages: checking file stamps \d+ ms$/m);
  });

  it('builds again when a post changes, a file is added, or out/ was edited', async () => {
    const post = join(f.site, 'blog/en/first-post.md');
    await appendFile(post, '\nOne more sentence.\n');
    expect((await build()).stdout).toMatch(/\n {2}1 rendered/);
    expect((await build()).stdout).toContain('checking file stamps');

    await writeFile(
      join(f.site, 'blog/en/second-post.md'),
      (await readFile(post, 'utf8')).replace(/title: .*/, 'title: A second post').replace(/translationKey: .*\n/, ''),
    );
    expect((await build()).stdout).not.toContain('checking file stamps');
    expect(await readFile(join(f.out, 'blog/second-post/index.html'), 'utf8')).toContain('A second post');

    await rm(join(f.out, 'blog/second-post/index.html'));
    const repaired = await build();
    expect(repaired.stdout).not.toContain('checking file stamps');
    expect(await readFile(join(f.out, 'blog/second-post/index.html'), 'utf8')).toContain('A second post');

    // A page edited by hand in out/, whose post is then deleted (and its URL said to be gone): the page goes with its post.
    await appendFile(join(f.out, 'blog/second-post/index.html'), '<!-- edited by hand -->');
    await rm(join(f.site, 'blog/en/second-post.md'));
    await writeFile(join(f.site, 'redirects.yaml'), 'gone:\n  - /blog/second-post/\n');
    const deleted = await build();
    expect(deleted.stdout).toContain('updating files in place');
    await expect(readFile(join(f.out, 'blog/second-post/index.html'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  }, 120_000);

  it('sees an edit that kept the size and mtime of a file (cp -p, rsync -t): its ctime moved', async () => {
    const post = join(f.site, 'blog/en/first-post.md');
    await appendFile(post, '\nThe call ran long.\n');
    await build();
    const before = await stat(post);
    // Its times kept to the nanosecond, as those tools keep them.
    const reference = join(f.dir, 'first-post.times');
    await execFileP('cp', ['-p', post, reference]);
    await writeFile(post, (await readFile(post, 'utf8')).replace('The call ran long.', 'The call ran late.'));
    await execFileP('touch', ['-r', reference, post]);
    const after = await stat(post);
    expect([after.size, after.mtimeMs, after.ino]).toEqual([before.size, before.mtimeMs, before.ino]);
    const { stdout } = await build();
    expect(stdout).not.toContain('checking file stamps');
    expect(stdout).toMatch(/\n {2}1 rendered/);
    const page = await readFile(join(f.out, 'blog/first-post/index.html'), 'utf8');
    expect(page).toContain('The call ran late.');
    expect(page).not.toContain('The call ran long.');
  }, 60_000);

  it('reports a truncated or foreign stamps manifest in one line and rebuilds', async () => {
    const manifest = join(f.cache, 'source-stamps-v3.json');
    await writeFile(manifest, (await readFile(manifest, 'utf8')).slice(0, 100));
    const truncated = await build();
    expect(truncated.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^cache: .*source-stamps-v3\.json is unreadable \(.*\); rebuilding it \(CacheReset\)$/),
    ]);
    expect(truncated.stdout).toMatch(/^built \d+ pages/);

    await writeFile(manifest, JSON.stringify({ version: 'source-stamps-v0', roots: {} }));
    const foreign = await build();
    expect(foreign.stderr.trim()).toMatch(/^cache: .*source-stamps-v3\.json is from another version of agency-site; rebuilding it \(CacheReset\)$/);
    expect((await build()).stdout).toContain('checking file stamps');
  }, 120_000);
});
