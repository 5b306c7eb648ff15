import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.ts';
import { startServedSite, type ServedSite } from '../support/served-site.ts';

// The real site (a copy, with its urls.lock) after a post's slug changed: the old URL has no
// page-data, so a client navigation to it must still end on the new page.
let site: ServedSite;
let base: string;
let browser: Browser;

beforeAll(async () => {
  site = await startServedSite({ name: 'redirects', copy: true });
  ({ base, browser } = site);
  await rename(join(site.dir, 'site/blog/en/http-caching-done-right.md'), join(site.dir, 'site/blog/en/http-caching.md'));
  await site.rebuild();
}, 180_000);
afterAll(() => site?.close());

describe('old URLs in the browser', () => {
  it('a client navigation to a renamed post ends on its new URL and page', async () => {
    const { page, context } = await newPage(browser);
    try {
      await page.goto(new URL('/blog/', base).href);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.evaluate(() => {
        const a = document.createElement('a');
        a.href = '/blog/http-caching-done-right/?ref=old-link';
        a.id = 'old-link';
        a.textContent = 'an old link';
        document.querySelector('main')!.prepend(a);
      });
      await page.click('#old-link');
      await page.waitForURL(/\/blog\/http-caching\/\?ref=old-link$/);
      await expect.poll(() => page.locator('h1').first().innerText()).toContain('HTTP Caching Done Right');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('a visitor opening the old URL gets a 301 to the new one', async () => {
    const res = await fetch(new URL('/blog/http-caching-done-right/', base), { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/blog/http-caching/');
  });
});
