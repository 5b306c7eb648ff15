import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite } from '../../src/serve/index.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { buildFixture, copyFixture } from '../support/fixture.ts';

// The migrated blog in Chromium: its YouTube iframe is a click-to-load placeholder, and its fences
// show their title and marked lines. The embed's host never sees the network: the browser's
// requests to it are answered by a local stub and recorded, so the test sees when the page asks.
let fixture: Awaited<ReturnType<typeof copyFixture>>;
let server: Server;
let base: string;
let browser: Browser;

const EMBED_HOST = 'https://www.youtube-nocookie.com';

beforeAll(async () => {
  fixture = await copyFixture('migrated-blog');
  await buildFixture(fixture);
  ({ server, url: base } = await serveSite({ outDir: fixture.out, port: 0, host: '127.0.0.1', locales: ['en', 'es'] }));
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  await fixture?.cleanup();
});

async function openPost(path: string) {
  const opened = await newPage(browser);
  const embedRequests: string[] = [];
  await opened.context.route(`${EMBED_HOST}/**`, (route) => {
    embedRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Stub player</title><p>stub player</p>' });
  });
  const notFound: string[] = [];
  opened.page.on('response', (response) => response.status() === 404 && notFound.push(response.url()));
  await opened.page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
  return { ...opened, embedRequests, notFound };
}

describe('a migrated post in Chromium', () => {
  it('contacts the embed host only after the visitor clicks the placeholder', async () => {
    const { page, context, embedRequests, errors, notFound } = await openPost('/blog/zero-downtime-deploys/');
    try {
      const placeholder = page.locator('.embed');
      await expect.poll(() => placeholder.isVisible()).toBe(true);
      expect(await placeholder.textContent()).toContain('Rolling deploy walkthrough, 4 minutes');
      expect(await page.locator('iframe').count()).toBe(0);
      await page.waitForTimeout(500);
      expect(embedRequests).toEqual([]);

      await placeholder.getByRole('button').click();
      const frame = page.locator('.embed iframe');
      await expect.poll(() => frame.count()).toBe(1);
      expect(await frame.getAttribute('src')).toBe(`${EMBED_HOST}/embed/dQw4w9WgXcQ`);
      await expect.poll(() => embedRequests).toEqual([`${EMBED_HOST}/embed/dQw4w9WgXcQ`]);
      await expect.poll(() => page.frameLocator('.embed iframe').locator('p').textContent()).toBe('stub player');
      expect(notFound).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a fence title above the code and marks its lines visibly and for screen readers', async () => {
    const { page, context } = await openPost('/blog/zero-downtime-deploys/');
    try {
      const block = page.locator('figure.code-block');
      expect(await block.locator('figcaption').textContent()).toBe('drain.js');
      const marks = block.locator('mark.code-line');
      expect(await marks.count()).toBe(2);
      expect(await marks.nth(0).textContent()).toContain('Marked line: ');
      expect(await marks.nth(0).textContent()).toContain('server.close(() => process.exit(0));');
      expect(await marks.nth(1).textContent()).toContain('health.markDraining();');
      // Drawn differently from an unmarked line, and the block says which language it is.
      const [marked, plain] = await Promise.all(
        [marks.nth(0), block.locator('span.code-line').first()].map((l) =>
          l.evaluate((el) => getComputedStyle(el).backgroundColor + getComputedStyle(el).borderLeftStyle),
        ),
      );
      expect(marked).not.toBe(plain);
      expect(await block.locator('pre').getAttribute('aria-label')).toBe('JavaScript code example');
    } finally {
      await context.close();
    }
  });

  it('marks the lines of a fence written ```jsx{1-2} in the Spanish post', async () => {
    const { page, context } = await openPost('/es/blog/despliegues-sin-cortes/');
    try {
      const marks = page.locator('pre mark.code-line');
      expect(await marks.count()).toBe(2);
      expect(await marks.nth(0).textContent()).toMatch(/^Línea destacada:/);
      expect(await page.locator('pre').first().getAttribute('aria-label')).toMatch(/JSX/);
    } finally {
      await context.close();
    }
  });
});
