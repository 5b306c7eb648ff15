import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport } from '../../src/build/index.ts';
import { checkUnchanged } from '../../src/build/skip-unchanged.ts';
import { SiteError } from '../../src/errors/index.ts';
import { displayPath } from '../../src/node/display-path.ts';
import { serveSite, type SiteServer } from '../../src/serve/index.ts';
import { buildFixture, copyFixture, read } from '../support/fixture.ts';

// The basic fixture as an editor changes it over time: slugs renamed in both languages, a post
// deleted, then marked gone. The lock the first build wrote turns each change into a redirect.
let f: Awaited<ReturnType<typeof copyFixture>>;
let server: SiteServer | undefined;
// As `agency-site build` runs: the lock read and written.
const build = (extra: Parameters<typeof buildFixture>[1] = {}) => buildFixture(f, { lock: 'write', ...extra });
const lockOf = () => readFile(join(f.site, 'urls.lock'), 'utf8');
const lines = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));

beforeAll(async () => {
  f = await copyFixture('basic');
  await build();
}, 120_000);

afterAll(async () => {
  await server?.close(0);
  await f?.cleanup();
});

describe('site/urls.lock and automatic redirects', () => {
  it('the first build writes the lock: sorted, one line per URL with its page, locale and file', async () => {
    const lock = lines(await lockOf());
    expect(lock).toContain('/blog/first-post/ post:first en site/blog/en/first-post.md');
    expect(lock).toContain('/es/blog/primer-articulo/ post:first es site/blog/es/primer-articulo.md');
    expect(lock).toContain('/es/trabaja-con-nosotros/ careers es site/pages/careers.yaml');
    expect(lock).toEqual([...lock].sort());
    expect(lock.some((l) => l.startsWith('/404.html'))).toBe(false);
  });

  it('the build writing the lock is no change for the next build', () => {
    expect(checkUnchanged({ siteDir: f.site, outDir: f.out, cacheDir: f.cache }).report?.upToDate).toBe(true);
  });

  it('a slug renamed in English and in Spanish: redirects in the report, in _redirects and in urls.lock', async () => {
    await rename(join(f.site, 'blog/en/first-post.md'), join(f.site, 'blog/en/hello-world.md'));
    await rename(join(f.site, 'blog/es/primer-articulo.md'), join(f.site, 'blog/es/hola-mundo.md'));
    const careers = join(f.site, 'pages/careers.yaml');
    await writeFile(careers, (await read(f.site, 'pages/careers.yaml')).replace('es: trabaja-con-nosotros }', 'es: empleos }'));
    const report = await build();
    expect(report.redirects?.automatic).toEqual([
      { from: '/blog/first-post/', to: '/blog/hello-world/' },
      { from: '/es/blog/primer-articulo/', to: '/es/blog/hola-mundo/' },
      { from: '/es/trabaja-con-nosotros/', to: '/es/empleos/' },
    ]);
    const printed = formatReport(report);
    expect(printed).toContain('/blog/first-post/ → /blog/hello-world/ (its page moved)');
    expect(printed).toContain('site/urls.lock updated: commit it');
    const redirects = await read(f.out, '_redirects');
    expect(redirects).toMatch(/^# Third-party scripts served through/);
    expect(redirects).toContain('/blog/first-post/ /blog/hello-world/ 301\n');
    expect(redirects).toContain('/es/blog/primer-articulo/ /es/blog/hola-mundo/ 301\n');
    expect(redirects).toContain('/es/trabaja-con-nosotros/ /es/empleos/ 301\n');
    const lock = lines(await lockOf());
    expect(lock).toContain('/blog/first-post/ post:first en site/blog/en/first-post.md -> /blog/hello-world/');
    expect(lock).toContain('/blog/hello-world/ post:first en site/blog/en/hello-world.md');
    expect(lock).toContain('/es/trabaja-con-nosotros/ careers es site/pages/careers.yaml -> /es/empleos/');
    // Old URLs are no pages: not in the sitemap, no hreflang anywhere.
    const sitemap = await read(f.out, 'sitemap.xml');
    expect(sitemap).not.toContain('first-post');
    expect(sitemap).not.toContain('trabaja-con-nosotros');
    expect(await read(f.out, 'blog/hello-world/index.html')).not.toContain('first-post');
  }, 60_000);

  it('a deleted post fails the build, naming the URL, its last file and both fixes; out/ is left as it was', async () => {
    const before = await read(f.out, '_redirects');
    await rm(join(f.site, 'blog/es/tercero.md'));
    const error = await build().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SiteError);
    const e = error as SiteError;
    expect(e.name).toBe('UrlDisappeared');
    expect(e.message).toContain('/es/blog/tercero/ (last made by site/blog/es/tercero.md)');
    expect(e.data.hint).toContain('aliases: [/es/blog/tercero/]');
    expect(e.data.hint).toContain('gone: [/es/blog/tercero/]');
    expect(await read(f.out, '_redirects')).toBe(before);
    expect(await read(f.out, 'es/blog/tercero/index.html')).toContain('Tercero');
    expect(lines(await lockOf())).toContain('/es/blog/tercero/ post:es:tercero es site/blog/es/tercero.md');
  }, 60_000);

  it('passes once redirects.yaml marks it gone; aliases and redirects.yaml entries join the map', async () => {
    await writeFile(
      join(f.site, 'redirects.yaml'),
      [
        'redirects:',
        '  - { from: /old-blog/*, to: "/blog/:splat" }',
        '  - { from: /talks/, to: "https://talks.southbridge.dev/" }',
        'gone:',
        '  - /es/blog/tercero/',
        '',
      ].join('\n'),
    );
    const careers = join(f.site, 'pages/careers.yaml');
    await writeFile(careers, `${await read(f.site, 'pages/careers.yaml')}aliases:\n  en: [/jobs/]\n  es: [/es/trabajos/]\n`);
    const report = await build();
    // With one post fewer each list has one page (the English one lists Spanish-only posts as
    // fallbacks): its second page leads to the first.
    expect(report.redirects?.automatic).toEqual([
      { from: '/blog/page/2/', to: '/blog/' },
      { from: '/es/blog/page/2/', to: '/es/blog/' },
    ]);
    const redirects = await read(f.out, '_redirects');
    expect(redirects).toContain('/es/blog/tercero/ /404.html 410\n');
    expect(redirects).toContain('/jobs/ /careers/ 301\n');
    expect(redirects).toContain('/es/trabajos/ /es/empleos/ 301\n');
    expect(redirects).toContain('/old-blog/* /blog/:splat 301\n');
    expect(lines(await lockOf())).toContain('/es/blog/tercero/ post:es:tercero es site/blog/es/tercero.md -> gone');
  }, 60_000);

  it('a post and a page claiming one alias: one error naming both, the post at its front matter line', async () => {
    const post = join(f.site, 'blog/en/hello-world.md');
    const text = await read(f.site, 'blog/en/hello-world.md');
    await writeFile(post, text.replace('translationKey: first\n', 'translationKey: first\naliases:\n  - /first/\n  - /jobs\n'));
    try {
      const error = await build().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SiteError);
      const e = error as SiteError;
      expect(e.name).toBe('RedirectConflict');
      expect(e.message).toMatch(/^\/jobs\/ is claimed both here and by .*site\/pages\/careers\.yaml:\d+/);
      expect([e.location?.file, e.location?.line]).toEqual([displayPath(post), 9]);
    } finally {
      await writeFile(post, text);
    }
  }, 60_000);

  it('--no-lock builds without writing the lock, keeps the redirects it records, and says so', async () => {
    const lock = await lockOf();
    await rm(join(f.site, 'blog/es/solo-en-espanol.md'));
    const report = await build({ lock: 'off' });
    expect(report.warnings).toContainEqual({
      name: 'UrlLockSkipped',
      text: 'urls.lock not written (--no-lock): the redirects it records apply, and a URL that disappeared is a warning, not an error',
    });
    expect(report.warnings.find((w) => w.name === 'PublishedUrlLost')?.text).toMatch(/^\/es\/blog\/solo-en-espanol\/ \(site\/urls\.lock/);
    // Recorded by the rename above: a deploy of this build still sends the old URL on.
    expect(await read(f.out, '_redirects')).toContain('/blog/first-post/ /blog/hello-world/ 301\n');
    expect(await lockOf()).toBe(lock);
    await expect(build()).rejects.toThrow(/\/es\/blog\/solo-en-espanol\//);
  }, 60_000);

  it('CI=true with no lock committed builds without writing one, and says so; with a lock, CI checks it', async () => {
    const lock = await lockOf();
    process.env.CI = 'true';
    try {
      await rm(join(f.site, 'urls.lock'));
      const report = await build();
      expect(report.warnings.map((w) => `${w.name}: ${w.text}`).join('\n')).toContain('UrlLockSkipped: urls.lock not written (CI=true and no site/urls.lock)');
      await expect(readFile(join(f.site, 'urls.lock'), 'utf8')).rejects.toThrow(/ENOENT/);
      await writeFile(join(f.site, 'urls.lock'), lock);
      await expect(build()).rejects.toThrow(/\/es\/blog\/solo-en-espanol\//);
    } finally {
      delete process.env.CI;
    }
  }, 60_000);
});

describe('serve applies the map', () => {
  beforeAll(async () => {
    await writeFile(join(f.site, 'redirects.yaml'), `${await read(f.site, 'redirects.yaml')}  - /es/blog/solo-en-espanol/\n`);
    await build();
    server = await serveSite({ outDir: f.out, port: 0, host: '127.0.0.1', locales: ['en', 'es'] });
  }, 60_000);
  const get = (path: string) => fetch(new URL(path, server!.url), { redirect: 'manual' });

  it.each([
    ['/blog/first-post/', '/blog/hello-world/'],
    ['/blog/first-post', '/blog/hello-world/'],
    ['/blog/first-post/?utm_source=newsletter', '/blog/hello-world/?utm_source=newsletter'],
    ['/es/trabaja-con-nosotros/', '/es/empleos/'],
    ['/jobs/', '/careers/'],
    ['/old-blog/hello-world/', '/blog/hello-world/'],
    ['/talks/', 'https://talks.southbridge.dev/'],
  ])('%s answers 301 to %s', async (path, location) => {
    const res = await get(path);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(location);
  });

  it('a gone URL answers 410 with the 404 page of its language', async () => {
    const res = await get('/es/blog/tercero/');
    expect(res.status).toBe(410);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('lang="es"');
  });

  it('a page and an unknown path are served as before', async () => {
    expect((await get('/blog/hello-world/')).status).toBe(200);
    expect((await get('/no-such-page/')).status).toBe(404);
  });
});
