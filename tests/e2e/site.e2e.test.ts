import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.ts';
import { startServedSite, type ServedSite } from '../support/served-site.ts';

let out: string;
let base: string;
let browser: Browser;
let site: ServedSite;

beforeAll(async () => {
  site = await startServedSite({ name: 'e2e' });
  ({ out, base, browser } = site);
});
afterAll(() => site?.close());

async function visit(path: string) {
  const { page, errors: problems } = await newPage(browser);
  const response = await page.goto(new URL(path, base).href);
  await page.waitForLoadState('networkidle');
  return { page, response, problems };
}

describe('the built site in Chromium', () => {
  it.each([
    ['/', 'en', /Senior developers on US hours/],
    ['/es/', 'es', /Desarrolladores senior en horario de EE\. UU\./],
    ['/blog/', 'en', /Engineering blog/],
    ['/es/blog/', 'es', /Blog de ingeniería/],
    ['/blog/nodejs-event-loop-explained/', 'en', /event loop/i],
    ['/es/politica-de-privacidad/', 'es', /Política de privacidad/],
  ])('%s renders in %s without console errors', async (path, lang, heading) => {
    const { page, response, problems } = await visit(path);
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    expect(await page.locator('h1').first().innerText()).toMatch(heading);
    expect(problems).toEqual([]);
    await page.close();
  });

  // Every page but the articles (two of them kept), in both languages, split into slices so that
  // each test stays short on a busy 2-core CI machine; slice i takes every SLICES-th page.
  const SLICES = 6;
  async function pagesToVisit() {
    const files = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.html') && !f.startsWith('page-data/'));
    return files.filter((f) => !/^(es\/)?blog\/(?!page\/|index)/.test(f) || /event-loop/.test(f)).sort();
  }

  it('has more than 70 pages to visit outside the articles', async () => {
    expect((await pagesToVisit()).length).toBeGreaterThan(70);
  });

  it.each(Array.from({ length: SLICES }, (_, i) => i))('renders page slice %i with one h1 and without a console error', async (slice) => {
    const pages = (await pagesToVisit()).filter((_, i) => i % SLICES === slice);
    expect(pages.length).toBeGreaterThan(0);
    const { page, errors: problems } = await newPage(browser);
    for (const file of pages) {
      const path = '/' + file.replace(/index\.html$/, '');
      const response = await page.goto(new URL(path, base).href);
      expect(response?.status(), path).toBe(200);
      expect(await page.locator('h1').count(), `${path} has one h1`).toBe(1);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('loads the reviews widget on the free-prototype page through the proxy only', async () => {
    const { page } = await visit('/free-prototype/');
    const src = await page.locator('script[src^="/__third-party-proxy"]').getAttribute('src');
    expect(decodeURIComponent(src!.split('url=')[1]!)).toBe('https://widget.trustmary.com/reviews/southbridge-dev.js');
    expect(await page.locator('script[src^="https://widget.trustmary.com"]').count()).toBe(0);
    await page.close();
  });

  it.each(['/', '/es/'])('%s does not shift its layout while images load (CLS 0)', async (path) => {
    const { page, context } = await newPage(browser);
    // Images arrive late, as on a slow connection: their space must already be reserved.
    await context.route('**/assets/images/**', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.addInitScript(() => {
      (window as unknown as { cls: number }).cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(new URL(path, base).href);
    await page.evaluate(async () => {
      for (let y = 0; y <= document.body.scrollHeight; y += 500) {
        scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 60));
      }
    });
    await page.locator('picture img').first().scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const img = document.querySelector('picture img') as HTMLImageElement | null;
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBe(0);
    await context.close();
  });

  it('switches language to the same page in the other language', async () => {
    const { page } = await visit('/blog/nodejs-event-loop-explained/');
    await page.locator('.language-switcher a').click();
    await page.waitForURL(/\/es\/blog\/event-loop-de-nodejs\/$/);
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    await page.close();
  });

  it('answers an unknown Spanish path with the Spanish 404 page and status 404', async () => {
    const { page, response } = await visit('/es/no-existe/');
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('No encontramos esa página');
    await page.locator('main a.button').click();
    await page.waitForURL(new URL('/es/', base).href);
    await page.close();
  });

  it('lets a keyboard user skip to the content', async () => {
    const { page } = await visit('/');
    await page.keyboard.press('Tab');
    const skip = page.locator('.skip-link');
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    // The browser follows the link after the key's events return (a CI run read the old URL once).
    await expect.poll(() => page.url()).toMatch(/#main$/);
    await page.close();
  });
});
