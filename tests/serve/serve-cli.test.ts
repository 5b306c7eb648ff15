import { execFile } from 'node:child_process';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, copyFixture, ROOT } from '../support/fixture.ts';
import { startCli, type RunningCli } from '../support/start-cli.ts';

// `serve` and `forms` as an editor runs them: in the project folder, the site folder left to its
// default (./site, a relative path), on a blog with post folders that hold their images and files.
let f: Awaited<ReturnType<typeof copyFixture>>;
let cli: RunningCli | undefined;

beforeAll(async () => {
  f = await copyFixture('basic');
  const bundle = join(f.site, 'blog/en/kickoff');
  await mkdir(bundle, { recursive: true });
  await writeFile(
    join(bundle, 'index.md'),
    [
      '---',
      'title: Our kickoff board',
      'description: How the first week of a project is laid out, one column a day.',
      'date: 2026-10-02',
      '---',
      '',
      '![The kickoff board, one column a day](./board.png)',
      '',
      'Print [the checklist](./checklist.pdf) before the first call.',
      '',
    ].join('\n'),
  );
  await sharp({ create: { width: 64, height: 32, channels: 3, background: '#2f5d8a' } })
    .png()
    .toFile(join(bundle, 'board.png'));
  await writeFile(join(bundle, 'checklist.pdf'), '%PDF-1.4 checklist\n');
}, 60_000);

afterEach(async () => {
  await cli?.stop();
  cli = undefined;
});

afterAll(() => f?.cleanup());

describe('serve and forms with the default ./site', () => {
  it('serve builds and serves a post folder with its image and its linked file', async () => {
    cli = await startCli({ args: ['serve', '--port', '0'], env: {}, cwd: f.dir, ready: /serving \S+ at (http:\/\/\S+?)\/ / });
    const page = await fetch(`${cli.url}/blog/kickoff/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('href="/files/blog/en/kickoff/checklist.pdf"');
    const image = /<img[^>]*src="([^"]+)"[^>]*alt="The kickoff board, one column a day"/.exec(html)?.[1];
    expect(image).toBeDefined();
    expect((await fetch(`${cli.url}${image}`)).status).toBe(200);
    expect(await (await fetch(`${cli.url}/files/blog/en/kickoff/checklist.pdf`)).text()).toBe('%PDF-1.4 checklist\n');
    expect((await fetch(`${cli.url}/api/forms/health`)).status).toBe(200);
  }, 60_000);

  it('serve --watch prints the warnings a save adds, once: a renamed post folder loses two published URLs', async () => {
    await buildFixture(f, { lock: 'write' });
    cli = await startCli({ args: ['serve', '--watch', '--port', '0'], env: {}, cwd: f.dir, ready: /serving \S+ at (http:\/\/\S+?)\/ / });
    await rename(join(f.site, 'blog/en/kickoff'), join(f.site, 'blog/en/first-week'));
    await expect.poll(() => cli!.output(), { timeout: 20_000 }).toMatch(/rebuilt in \d+ ms .*\n {2}2 new warnings:\n/);
    const output = cli.output();
    expect(output).toContain(
      '  - /blog/kickoff/ (site/urls.lock, last made by site/blog/en/kickoff/index.md) has no page: `build` will refuse it until an alias or site/redirects.yaml says where it went (PublishedUrlLost)\n',
    );
    expect(output).toContain(
      '  - /files/blog/en/kickoff/checklist.pdf (site/urls.lock, last made by site/blog/en/kickoff/checklist.pdf) is no longer in the site folder: `build` will refuse it until site/redirects.yaml says where it went (PublishedUrlLost)\n',
    );
    // The next save keeps them: not printed again. A busy machine can see the rename as two
    // batches of events, so two rebuilds: the save's is the one whose page has the new sentence.
    const post = join(f.site, 'blog/en/first-week/index.md');
    const rebuilds = () => cli!.output().match(/rebuilt in/g)?.length ?? 0;
    const before = rebuilds();
    await writeFile(post, `${await readFile(post, 'utf8')}\nBring your questions.\n`);
    await expect.poll(async () => (await fetch(`${cli!.url}/blog/first-week/`)).text(), { timeout: 20_000 }).toContain('Bring your questions.');
    await expect.poll(rebuilds, { timeout: 20_000 }).toBeGreaterThan(before);
    expect(cli.output().match(/PublishedUrlLost/g)).toHaveLength(2);
    await rename(join(f.site, 'blog/en/first-week'), join(f.site, 'blog/en/kickoff'));
    await rm(join(f.site, 'urls.lock'));
  }, 60_000);

  it('serve on a port in use stops at once, before building, and names --port; so does forms', async () => {
    const taken = createServer();
    await new Promise<void>((ready) => taken.listen(0, '127.0.0.1', ready));
    const port = String((taken.address() as AddressInfo).port);
    try {
      const run = (args: string[]) =>
        new Promise<{ code: number; stdout: string; stderr: string }>((done) =>
          execFile(process.execPath, [join(ROOT, 'bin/agency-site'), ...args], { cwd: f.dir }, (error, stdout, stderr) =>
            done({ code: error ? Number(error.code) : 0, stdout, stderr }),
          ),
        );
      for (const args of [
        ['serve', '--port', port],
        ['forms', '--port', port, '--site', 'site', '--db', '.data/port-test.db', '--uploads', '.data/uploads'],
      ]) {
        const result = await run(args);
        expect(result.code).toBe(1);
        expect(result.stderr.trim()).toBe(
          `error Invalid --port (InvalidFormsOption)\n  Port ${port} on 127.0.0.1 is already in use: stop what uses it or pick another --port.\n  hint: Run the command with --help for the accepted values.`,
        );
        expect(result.stdout).not.toContain('built');
      }
    } finally {
      taken.close();
    }
  }, 60_000);

  it('forms starts beside a blog with a broken post: the leads endpoint reads the pages alone', async () => {
    await writeFile(
      join(f.site, 'blog/en/half-written.md'),
      '---\ntitle: Half written\ndescription: A draft whose screenshot is not there yet.\ndate: 2026-10-03\n---\n\n![A screenshot](./not-yet.png)\n',
    );
    cli = await startCli({
      args: ['forms', '--port', '0', '--site', 'site', '--db', '.data/forms-test.db', '--uploads', '.data/uploads'],
      env: {},
      cwd: f.dir,
      ready: /forms endpoint at (http:\/\/\S+?)\/api\/forms\//,
    });
    expect((await fetch(`${cli.url}/api/forms/health`)).status).toBe(200);
  }, 60_000);
});
