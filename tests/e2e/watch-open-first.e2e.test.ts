// serve --watch in a real browser: a tab names its page to the dev server, and a save of the post
// template (which reaches every post) reloads the open post as soon as that post is in out/, before
// the rest of the blog is rendered again. The order is read on the server's side (a stream read in
// this process), not from Chromium's timing, which a loaded machine stretches by hundreds of ms.
import { readFileSync } from 'node:fs';
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

/**
 * A live-reload stream as a tab on `page` opens it (no page: a tool), calling `on` with each event's
 * name; `ready` once the server answered, which it does after counting the stream among its tabs.
 */
function listen(page: string | undefined, on: (event: string) => void) {
  const url = new URL('/__agency-site/events', base);
  if (page) url.searchParams.set('page', page);
  let request!: ReturnType<typeof get>;
  const ready = new Promise<void>((answered) => {
    request = get(url, (res) => {
      answered();
      res.on('data', (chunk: Buffer) => [...chunk.toString().matchAll(/^event: (\S+)/gm)].forEach((m) => on(m[1]!)));
    });
  });
  return { request, ready };
}

describe('serve --watch: the open page first', () => {
  it('reloads the open post with the new template before the rebuild of every post has finished', async () => {
    const page = await browser.newPage();
    const eventStreams: string[] = [];
    page.on('request', (request) => request.url().includes('/__agency-site/events') && eventStreams.push(request.url()));
    await page.goto(new URL('/blog/field-note-7/', base).href);
    await expect.poll(() => eventStreams.length).toBeGreaterThan(0);
    expect(new URL(eventStreams[0]!).searchParams.get('page')).toBe('/blog/field-note-7/');

    // A second tab on the same post, read here: when its reload comes, what do the other posts in out/ hold?
    // Read at once and synchronously, so the answer does not depend on how fast Chromium is.
    const others = Array.from({ length: OPEN_PAGES_FIRST_FROM * 4 }, (_, i) => i)
      .filter((i) => i !== 7)
      .map((i) => join(fixture.dir, `out/blog/field-note-${i}/index.html`));
    let renewedAtReload = -1;
    const tab = listen('/blog/field-note-7/', (event) => {
      if (event === 'reload' && renewedAtReload < 0) renewedAtReload = others.filter((file) => readFileSync(file, 'utf8').includes('first-edit')).length;
    });
    // A tool on no page: it hears of the rebuild's end.
    let built = false;
    const tool = listen(undefined, (event) => (built ||= event === 'built'));
    await Promise.all([tab.ready, tool.ready]);
    let navigations = 0;
    page.on('request', (request) => request.isNavigationRequest() && navigations++);

    const template = join(fixture.dir, 'templates/pages/blog-post.tsx');
    const original = await readFile(template, 'utf8');
    await writeFile(template, original.replace('<header className="page-header">', '<header className="page-header first-edit">'));
    await page.waitForSelector('header.page-header.first-edit', { timeout: 60_000 });
    await expect.poll(() => built, { timeout: 60_000 }).toBe(true);
    tab.request.destroy();
    tool.request.destroy();
    // The open post was told while the other posts still had the old template; the tab reloaded once, not again at the end.
    expect(renewedAtReload).toBeGreaterThanOrEqual(0);
    expect(renewedAtReload).toBeLessThan(others.length);
    expect(others.filter((file) => readFileSync(file, 'utf8').includes('first-edit'))).toHaveLength(others.length);
    expect(navigations).toBe(1);
    expect(serve.output()).toMatch(/open pages first \d+ ms/);
    await page.close();
  }, 120_000);
});
