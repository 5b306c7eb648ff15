import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { access, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { copyFixture, ROOT } from '../support/fixture.ts';

let fixture: Awaited<ReturnType<typeof copyFixture>>;
let child: ChildProcess;
let base: string;
let browser: Browser;
let stopping = false;

beforeAll(async () => {
  fixture = await copyFixture('basic');
  child = spawn(process.execPath, [join(ROOT, 'bin/agency-site'), 'serve', '--watch', '--port', '0', '--quiet'], {
    cwd: fixture.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  base = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving \S+ at (http:\/\/\S+?)\s/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
  // If serve dies mid-suite, the failures below say why.
  child.once('exit', (code, signal) => stopping || console.error(`serve --watch exited (${code ?? signal}):\n${output}`));
  browser = await launchBrowser();
});
afterAll(async () => {
  stopping = true;
  await browser?.close();
  child?.kill();
  await fixture?.cleanup();
});

async function edit(rel: string, change: (text: string) => string) {
  const file = join(fixture.site, rel);
  await writeFile(file, change(await readFile(file, 'utf8')));
}

describe('serve --watch', () => {
  it('reloads the open page with the new text after a markdown file is saved', async () => {
    const page = await browser.newPage();
    await page.goto(new URL('/blog/first-post/', base).href);
    expect(await page.locator('h2#hello').innerText()).toBe('Hello');
    await edit('blog/en/first-post.md', (t) => t.replace('## Hello', '## Hello from the watcher'));
    await page.waitForSelector('h2#hello-from-the-watcher', { timeout: 10_000 });
    await page.close();
  });

  it('shows a build error with file:line over the last good page, then recovers', async () => {
    const page = await browser.newPage();
    await page.goto(new URL('/es/blog/primer-articulo/', base).href);
    await edit('blog/es/primer-articulo.md', (t) => t.replace('date: 2026-01-10', 'date: 2026-02-31'));
    const overlay = page.locator('#agency-site-error');
    await overlay.waitFor({ timeout: 10_000 });
    expect(await overlay.innerText()).toContain('site/blog/es/primer-articulo.md:4');
    // The last good site is still served.
    expect((await page.request.get(new URL('/es/blog/primer-articulo/', base).href)).status()).toBe(200);
    await edit('blog/es/primer-articulo.md', (t) => t.replace('date: 2026-02-31', 'date: 2026-01-11'));
    await page.waitForSelector('time[datetime="2026-01-11"]', { timeout: 10_000 });
    expect(await overlay.count()).toBe(0);
    await page.close();
  });

  it('shows a template mistake in the overlay at its template line, by a relative path, then recovers', async () => {
    const page = await browser.newPage();
    await page.goto(new URL('/blog/first-post/', base).href);
    const template = join(fixture.dir, 'templates/pages/blog-post.tsx');
    const original = await readFile(template, 'utf8');
    const overlay = page.locator('#agency-site-error');
    // A message key no locale has, then code that throws while rendering: each names the template line.
    for (const [broken, shown] of [
      [original.replace("t('blog.back')", "t('blog.bakc')"), /error templates\/pages\/blog-post\.tsx:25:\d+: .*\(MissingMessage\)/],
      [
        original.replace('<h1>{post.title}</h1>', '<h1>{(post as any).nope.title}</h1>'),
        /error templates\/pages\/blog-post\.tsx:27:\d+: .*\(TemplateRuntimeError\)/,
      ],
    ] as const) {
      await writeFile(template, broken);
      await expect.poll(() => overlay.textContent().catch(() => ''), { timeout: 15_000 }).toMatch(shown);
      expect(await overlay.innerText()).toContain('> ');
      await writeFile(template, original);
      await overlay.waitFor({ state: 'detached', timeout: 15_000 });
    }
    await page.close();
  });

  it('swaps the stylesheet without reloading when only CSS changes', async () => {
    const page = await browser.newPage();
    await page.goto(new URL('/', base).href);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const before = await page.locator('link[rel="stylesheet"]').getAttribute('href');
    const css = join(fixture.dir, 'templates/styles/base.css');
    await writeFile(css, (await readFile(css, 'utf8')) + '\nbody { outline: 1px solid transparent; }\n');
    await page.waitForFunction((old) => document.querySelector('link[rel="stylesheet"]')?.getAttribute('href') !== old, before, { timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await page.close();
  });

  it('serves the translation status at /__translations/, never in out/, and shows a post saved a moment ago', async () => {
    const page = await browser.newPage();
    await page.goto(new URL('/__translations/', base).href);
    // The fixture is no git checkout: only missing pieces, and the page says why.
    expect(await page.getByRole('note').innerText()).toContain('No git history here');
    const spanishOnly = page.locator('tr', { hasText: 'blog solo-en-espanol' });
    expect(await spanishOnly.getByRole('link', { name: 'es' }).getAttribute('href')).toBe('/es/blog/solo-en-espanol/');
    expect(await page.locator('tr', { hasText: 'blog a-note-on-handoffs' }).count()).toBe(0);
    await writeFile(
      join(fixture.site, 'blog/en/a-note-on-handoffs.md'),
      '---\ntitle: A note on handoffs\ndescription: What we write down before a sprint ends.\ndate: 2026-02-02\ntags: [process]\n---\n\nWe write the handoff before the last day.\n',
    );
    const row = page.locator('tr', { hasText: 'blog a-note-on-handoffs' });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.locator('td').first().innerText()).toBe('missing');
    expect(await row.getByRole('link', { name: 'en' }).getAttribute('href')).toBe('/blog/a-note-on-handoffs/');
    await expect(access(join(fixture.out, '__translations'))).rejects.toThrow(/ENOENT/);
    await page.close();
  });

  // Last: it stops the server.
  it('saves its caches when stopped a moment after a save: a build afterwards has nothing to do', async () => {
    await edit('blog/en/first-post.md', (t) => t + '\nOne more line, saved just before the server stops.\n');
    const html = join(fixture.out, 'blog/first-post/index.html');
    // Up to 30 s: under the whole suite in CI, the page once still lacked the line after 10 s
    // (2026-11-29; alone it has it within ~0.4 s). A save the watcher missed still fails here.
    for (let i = 0; i < 600 && !(await readFile(html, 'utf8')).includes('saved just before the server stops'); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await readFile(html, 'utf8')).toContain('saved just before the server stops');
    // Well within the second a session waits for its saves to pause before writing its caches.
    stopping = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    const build = spawnSync(process.execPath, [join(ROOT, 'bin/agency-site'), 'build'], { cwd: fixture.dir, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    expect(build.stdout).toContain('output already up to date: nothing written');
    expect(build.stdout).toMatch(/\b0 rendered\b/);
  });
});
