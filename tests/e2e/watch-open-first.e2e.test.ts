// serve --watch in a real browser: a tab names its page to the dev server, and a save of the post
// template (which reaches every post) reloads the open post as soon as that post is in out/, before
// the rest of the blog is rendered again.
import { readFile, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_PAGES_FIRST_FROM } from '../../src/build/open-pages-first.ts';
import { launchBrowser } from '../support/browser.ts';
import { copyFixture } from '../support/fixture.ts';
import { startCli, type RunningCli } from '../support/start-cli.ts';

let fixture: Awaited<ReturnType<typeof copyFixture>>;
let serve: RunningCli;
let base: string;
let browser: Browser;

beforeAll(async () => {
  fixture = await copyFixture('basic');
  // Four times as many posts as a first pass needs: the rest of the rebuild takes long enough that the tab's reload is plainly first.
  for (let i = 0; i < OPEN_PAGES_FIRST_FROM * 4; i++)
    await writeFile(
      join(fixture.site, `blog/en/field-note-${i}.md`),
      `---\ntitle: Field note ${i}\ndescription: What a sprint taught us, note ${i}.\ndate: 2026-03-${String((i % 28) + 1).padStart(2, '0')}\n---\n\nWe shipped the change on day ${i}.\n`,
    );
  serve = await startCli({ args: ['serve', '--watch', '--port', '0', '--verbose'], env: {}, cwd: fixture.dir, ready: /serving \S+ at (http:\/\/\S+?)\s/ });
  base = serve.url;
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  await fixture?.cleanup();
});

describe('serve --watch: the open page first', () => {
  it('reloads the open post with the new template before the rebuild of every post has finished', async () => {
    const page = await browser.newPage();
    const eventStreams: string[] = [];
    page.on('request', (request) => request.url().includes('/__agency-site/events') && eventStreams.push(request.url()));
    await page.goto(new URL('/blog/field-note-7/', base).href);
    await expect.poll(() => eventStreams.length).toBeGreaterThan(0);
    expect(new URL(eventStreams[0]!).searchParams.get('page')).toBe('/blog/field-note-7/');

    // A tool on the same events, on no page: it hears of the rebuild's end.
    let builtAt = 0;
    const stream = get(new URL('/__agency-site/events', base), (res) =>
      res.on('data', (chunk: Buffer) => {
        if (/^event: built/m.test(chunk.toString())) builtAt ||= Date.now();
      }),
    );
    const template = join(fixture.dir, 'templates/pages/blog-post.tsx');
    const original = await readFile(template, 'utf8');
    await writeFile(template, original.replace('<header className="page-header">', '<header className="page-header first-edit">'));
    // When the tab asked for its page again: the reload event's effect, before the page's own loading time.
    let reloadedAt = 0;
    page.on('request', (request) => request.isNavigationRequest() && (reloadedAt ||= Date.now()));
    await page.waitForSelector('header.page-header.first-edit', { timeout: 60_000 });
    await expect.poll(() => builtAt, { timeout: 60_000 }).toBeGreaterThan(0);
    stream.destroy();
    expect(reloadedAt).toBeGreaterThan(0);
    expect(reloadedAt).toBeLessThan(builtAt);
    expect(serve.output()).toMatch(/open pages first \d+ ms/);
    await page.close();
  }, 120_000);
});
