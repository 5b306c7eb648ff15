import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteError } from '../../src/errors/index.ts';
import { serveSite, type SiteServer } from '../../src/serve/index.ts';
import { buildFixture, copyFixture, read } from '../support/fixture.ts';

// urls.lock holds every URL a subscriber or another site may have saved, not only pages: each
// locale's feed, and the files the site folder publishes at their own path (site/static, and the
// files beside a post, under /files/). An editor renames and deletes them as they do pages.
let f: Awaited<ReturnType<typeof copyFixture>>;
let server: SiteServer | undefined;
const build = () => buildFixture(f, { lock: 'write' });
const lockLines = async () => (await readFile(join(f.site, 'urls.lock'), 'utf8')).split('\n').filter((l) => l && !l.startsWith('#'));
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as SiteError,
  );

beforeAll(async () => {
  f = await copyFixture('basic');
  await mkdir(join(f.site, 'static/downloads'), { recursive: true });
  await writeFile(join(f.site, 'static/downloads/rate-card.pdf'), '%PDF-1.4 rates\n');
  // What Finder and an editor leave beside it: never published, never locked.
  await writeFile(join(f.site, 'static/downloads/.DS_Store'), 'Bud1');
  await writeFile(join(f.site, 'static/downloads/rate-card.pdf~'), '%PDF-1.4 an older copy\n');
  await mkdir(join(f.site, 'blog/en/kickoff'), { recursive: true });
  await writeFile(
    join(f.site, 'blog/en/kickoff/index.md'),
    '---\ntitle: Our kickoff checklist\ndescription: What we ask for in the first week of a project.\ndate: 2026-10-02\n---\n\nPrint [the checklist](./checklist.pdf) before the first call.\n',
  );
  await writeFile(join(f.site, 'blog/en/kickoff/checklist.pdf'), '%PDF-1.4 checklist\n');
  await build();
}, 120_000);

afterAll(async () => {
  await server?.close(0);
  await f?.cleanup();
});

describe('site/urls.lock keeps feeds and files', () => {
  it('the lock lists each locale feed under its list page, and the static and linked files under their site path', async () => {
    const lock = await lockLines();
    expect(lock).toContain('/blog/feed.xml blog:feed en site/pages/blog.yaml');
    expect(lock).toContain('/es/blog/feed.xml blog:feed es site/pages/blog.yaml');
    expect(lock).toContain('/downloads/rate-card.pdf file:static/downloads/rate-card.pdf - site/static/downloads/rate-card.pdf');
    expect(lock).toContain('/files/blog/en/kickoff/checklist.pdf file:blog/en/kickoff/checklist.pdf - site/blog/en/kickoff/checklist.pdf');
    expect(lock).toEqual([...lock].sort());
    expect(lock.filter((l) => l.includes('.DS_Store') || l.includes('.pdf~'))).toEqual([]);
    // The files are where the lock says, and the junk beside them is not published.
    expect(await read(f.out, 'downloads/rate-card.pdf')).toBe('%PDF-1.4 rates\n');
    expect(existsSync(join(f.out, 'downloads/.DS_Store')) || existsSync(join(f.out, 'downloads/rate-card.pdf~'))).toBe(false);
    expect(await read(f.out, 'blog/kickoff/index.html')).toContain('href="/files/blog/en/kickoff/checklist.pdf"');
  });

  it('a new Spanish list slug moves the feed too, with its own redirect for feed readers', async () => {
    const blog = join(f.site, 'pages/blog.yaml');
    const text = await readFile(blog, 'utf8');
    expect(text).toMatch(/es: blog/);
    await writeFile(blog, text.replace(/es: blog\b/, 'es: articulos'));
    const report = await build();
    expect(report.redirects?.automatic).toContainEqual({ from: '/es/blog/feed.xml', to: '/es/articulos/feed.xml' });
    expect(await read(f.out, '_redirects')).toContain('/es/blog/feed.xml /es/articulos/feed.xml 301\n');
    expect(await lockLines()).toContain('/es/blog/feed.xml blog:feed es site/pages/blog.yaml -> /es/articulos/feed.xml');
    expect(await read(f.out, 'es/articulos/feed.xml')).toContain('<feed');
  }, 60_000);

  it('a deleted static file fails the build at the lock, with the redirects.yaml fix only; out/ keeps the file', async () => {
    await rm(join(f.site, 'static/downloads/rate-card.pdf'));
    const error = await failure(build());
    expect(error).toBeInstanceOf(SiteError);
    expect(error!.name).toBe('UrlDisappeared');
    expect(error!.message).toBe(
      'This URL was published and the site folder no longer has its file: /downloads/rate-card.pdf (last made by site/static/downloads/rate-card.pdf).',
    );
    expect(error!.data.hint).toContain('site/redirects.yaml: "redirects: [{ from: /downloads/rate-card.pdf, to: /its/new/path }]"');
    expect(error!.data.hint).toContain('"{ from: /downloads/*, to: /new/folder/:splat }"');
    expect(error!.data.hint).not.toContain('aliases');
    expect(await read(f.out, 'downloads/rate-card.pdf')).toBe('%PDF-1.4 rates\n');
  }, 60_000);

  it('a post folder renamed: its page and its file are named; an alias and one splat rule send both on', async () => {
    await writeFile(join(f.site, 'redirects.yaml'), 'gone:\n  - /downloads/rate-card.pdf\n');
    await rename(join(f.site, 'blog/en/kickoff'), join(f.site, 'blog/en/first-week'));
    const error = await failure(build());
    expect(error?.name).toBe('UrlDisappeared');
    expect(error!.message).toContain('/files/blog/en/kickoff/checklist.pdf (last made by site/blog/en/kickoff/checklist.pdf)');
    expect(error!.message).toContain('/blog/kickoff/ (last made by site/blog/en/kickoff/index.md)');

    const post = join(f.site, 'blog/en/first-week/index.md');
    await writeFile(post, (await readFile(post, 'utf8')).replace('date: 2026-10-02\n', 'date: 2026-10-02\naliases: [/blog/kickoff/]\n'));
    await writeFile(
      join(f.site, 'redirects.yaml'),
      'redirects:\n  - { from: /files/blog/en/kickoff/*, to: "/files/blog/en/first-week/:splat" }\ngone:\n  - /downloads/rate-card.pdf\n',
    );
    await build();
    const lock = await lockLines();
    expect(lock).toContain(
      '/files/blog/en/kickoff/checklist.pdf file:blog/en/kickoff/checklist.pdf - site/blog/en/kickoff/checklist.pdf -> /files/blog/en/first-week/checklist.pdf',
    );
    expect(lock).toContain('/downloads/rate-card.pdf file:static/downloads/rate-card.pdf - site/static/downloads/rate-card.pdf -> gone');
  }, 60_000);

  it('serve answers the moved feed, the moved file and the gone one', async () => {
    server = await serveSite({ outDir: f.out, port: 0, host: '127.0.0.1', locales: ['en', 'es'] });
    const get = (path: string) => fetch(new URL(path, server!.url), { redirect: 'manual' });
    const feed = await get('/es/blog/feed.xml');
    expect([feed.status, feed.headers.get('location')]).toEqual([301, '/es/articulos/feed.xml']);
    const file = await get('/files/blog/en/kickoff/checklist.pdf');
    expect([file.status, file.headers.get('location')]).toEqual([301, '/files/blog/en/first-week/checklist.pdf']);
    expect((await get('/files/blog/en/first-week/checklist.pdf')).status).toBe(200);
    expect((await get('/downloads/rate-card.pdf')).status).toBe(410);
  });

  it('serve --watch: a static file deleted while editing is a warning that says build will refuse it', async () => {
    await writeFile(join(f.site, 'static/downloads/price-list.pdf'), '%PDF-1.4 prices\n');
    await build();
    const session = f.watch();
    await session.build();
    const file = join(f.site, 'static/downloads/price-list.pdf');
    await rm(file);
    const report = await session.build([file]);
    expect(report.warnings.find((w) => w.name === 'PublishedUrlLost')?.text).toBe(
      '/downloads/price-list.pdf (site/urls.lock, last made by site/static/downloads/price-list.pdf) is no longer in the site folder: `build` will refuse it until site/redirects.yaml says where it went',
    );
  }, 60_000);
});
