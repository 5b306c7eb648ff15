import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stubThirdParties } from '../support/browser.ts';
import { startServedSite, type ServedSite } from '../support/served-site.ts';

let browser: Browser;
let site: ServedSite;

beforeAll(async () => {
  site = await startServedSite({ name: 'layout-e2e' });
  ({ browser } = site);
});
afterAll(() => site?.close());

/** Every destination the header links to, and whether a link to it is now wholly on screen. */
const headerLinks = (page: Page) =>
  page.evaluate(() => {
    const onScreen = (el: Element) => {
      const box = el.getBoundingClientRect();
      return el.checkVisibility() && box.width > 0 && box.left >= 0 && box.right <= innerWidth && box.top >= 0 && box.bottom <= innerHeight;
    };
    const links: Record<string, boolean> = {};
    for (const a of document.querySelectorAll<HTMLAnchorElement>('header a')) links[a.href] = (links[a.href] ?? false) || onScreen(a);
    return links;
  });

// A <summary>: browsers expose it as a button with its expanded state (playwright's roles do not).
const menuButton = (page: Page, name: string) => page.locator('header summary').filter({ hasText: name });

const cases = [
  {
    locale: 'en',
    path: '/',
    menu: 'Menu',
    items: ['Services', 'Projects', 'Reviews', 'Blog', 'Contact'],
    book: 'Book a call',
    withNewsletter: ['/blog/', '/blog/nodejs-event-loop-explained/'],
  },
  {
    locale: 'es',
    path: '/es/',
    menu: 'Menú',
    items: ['Servicios', 'Proyectos', 'Opiniones', 'Blog', 'Contacto'],
    book: 'Agendar llamada',
    withNewsletter: ['/es/blog/', '/es/blog/event-loop-de-nodejs/'],
  },
];
// 320 px: the narrowest phones still in use (an iPhone SE of the first generation, small Androids).
const widths = [320, 360, 390];

describe.each(cases)('the navbar on a phone in $locale', (c) => {
  it('at 320 px, the blog and a post with their newsletter form are no wider than the screen', async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 740 } });
    await stubThirdParties(context);
    const page = await context.newPage();
    for (const path of c.withNewsletter) {
      await page.goto(site.url(path));
      expect(await page.locator('#newsletter-email').isVisible(), path).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
    await context.close();
  });

  it.each(widths.flatMap((width) => [true, false].map((javaScript) => ({ width, javaScript }))))(
    'at $width px (JavaScript $javaScript): every item on screen or in the menu, nothing wider than the screen',
    async ({ width, javaScript }) => {
      const context = await browser.newContext({ viewport: { width, height: 740 }, javaScriptEnabled: javaScript });
      await stubThirdParties(context);
      const page = await context.newPage();
      await page.goto(site.url(c.path));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const closed = await headerLinks(page);

      const menu = menuButton(page, c.menu);
      expect(await menu.isVisible()).toBe(true);
      await menu.click();
      const nav = page.getByRole('navigation', { name: c.locale === 'es' ? 'Principal' : 'Main' });
      expect(await nav.getByRole('link').allInnerTexts()).toEqual([...c.items, c.book]);
      const open = await headerLinks(page);
      // Each destination of the header (home, language, pages, booking) is reachable on this phone.
      const unreachable = Object.keys(closed).filter((href) => !closed[href] && !open[href]);
      expect(unreachable).toEqual([]);
      expect(Object.keys(closed).some((href) => href.includes('utm_medium=navbar'))).toBe(true);

      // The same button closes it again.
      await menu.click();
      expect(await nav.isVisible()).toBe(false);
      await context.close();
    },
  );

  it('opens with the keyboard, closes on Escape back on its button, and closes once a link is chosen', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await stubThirdParties(context);
    const page = await context.newPage();
    await page.goto(site.url(c.path));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const menu = menuButton(page, c.menu);
    await menu.focus();
    expect(await menu.evaluate((el) => el.matches(':focus-visible') || getComputedStyle(el).outlineStyle !== 'none')).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.locator('details.navbar-toggle').evaluate((el: HTMLDetailsElement) => el.open)).toBe(true);
    expect(await page.getByRole('link', { name: c.items[0] }).isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(c.items[0]);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('link', { name: c.items[0] }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');

    // A client navigation keeps the header: the menu must not stay open over the next page.
    await menu.click();
    await page.locator('header').getByRole('link', { name: 'Blog', exact: true }).click();
    await page.waitForURL(/\/blog\/$/);
    expect(await page.locator('details.navbar-toggle').evaluate((el: HTMLDetailsElement) => el.open)).toBe(false);
    await context.close();
  });
});

describe('the navbar on a wide screen', () => {
  // 900 px: the narrowest screen without the menu button, where Spanish's labels are tightest.
  it.each(cases.flatMap((c) => [900, 960, 1280].map((width) => ({ ...c, width }))))(
    'shows every item and the booking button in a row, without a menu button, in $locale at $width px',
    async (c) => {
      const context = await browser.newContext({ viewport: { width: c.width, height: 800 } });
      await stubThirdParties(context);
      const page = await context.newPage();
      await page.goto(site.url(c.path));
      expect(await menuButton(page, c.menu).isVisible()).toBe(false);
      const links = await headerLinks(page);
      const visible = Object.keys(links).filter((href) => links[href]);
      expect(visible.length).toBe(Object.keys(links).length);
      expect(
        await page
          .getByRole('navigation', { name: c.locale === 'es' ? 'Principal' : 'Main' })
          .getByRole('link')
          .allInnerTexts(),
      ).toEqual(c.items);
      // The booking button on one line, inside the page's margins, and the bar as tall as in English.
      const book = page.locator('header .navbar-book');
      expect(await book.innerText()).toBe(c.book);
      const box = (await book.boundingBox())!;
      const lineHeight = await book.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect(box.height).toBeLessThan(2 * lineHeight);
      expect(box.x + box.width).toBeLessThanOrEqual(c.width - 20);
      expect(await page.locator('header').evaluate((el) => el.getBoundingClientRect().height)).toBe(64);
      await context.close();
    },
  );
});

describe('the reviews widget on the free prototype page', () => {
  const pages = [
    { locale: 'en', path: '/free-prototype/', title: 'What founders say about their prototype' },
    { locale: 'es', path: '/es/prototipo-gratis/', title: 'Lo que dicen los fundadores de su prototipo' },
  ];
  // What the widget's script does when it loads: fills the box the page gives it.
  const widget = `document.querySelector('[data-reviews-widget]').innerHTML = '<p class="review">Clickable prototype in two days. Rated 5 of 5.</p>';`;

  it.each(pages)('shows no heading over an empty box when the script is blocked, in $locale', async (c) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 740 } });
    await stubThirdParties(context);
    await context.route('**/__third-party-proxy**', (route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    await page.goto(site.url(c.path));
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#reviews-title').count()).toBe(1);
    expect(await page.getByRole('heading', { name: c.title }).isVisible()).toBe(false);
    await context.close();
  });

  it.each(pages)('shows the heading with the reviews once the widget filled its box, in $locale', async (c) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 740 } });
    await stubThirdParties(context);
    await context.route('**/__third-party-proxy**', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: widget }));
    const page = await context.newPage();
    await page.goto(site.url(c.path));
    await page.locator('.review').waitFor();
    expect(await page.getByRole('heading', { name: c.title }).isVisible()).toBe(true);
    expect(await page.locator('.review').isVisible()).toBe(true);
    await context.close();
  });
});

describe('the language switch of a post with no translation', () => {
  let copy: ServedSite;
  beforeAll(async () => {
    copy = await startServedSite({ name: 'layout-untranslated', copy: true });
    // The Spanish post of a pair gets a key of its own: each of the two is now in one language only.
    const post = join(copy.dir, 'site/blog/es/cache-http-bien-hecha.md');
    await writeFile(post, (await readFile(post, 'utf8')).replace('translationKey: http-caching', 'translationKey: cache-http'));
    await copy.rebuild();
  });
  afterAll(() => copy?.close());

  const posts = [
    {
      locale: 'es',
      path: '/es/blog/cache-http-bien-hecha/',
      translated: '/es/blog/event-loop-de-nodejs/',
      name: 'English (todavía sin traducción; abre el blog)',
      note: 'todavía sin traducción; abre el blog',
      blog: '/blog/',
      lang: 'en',
    },
    {
      locale: 'en',
      path: '/blog/http-caching-done-right/',
      translated: '/blog/nodejs-event-loop-explained/',
      name: 'Español (no translation yet; opens the blog)',
      note: 'no translation yet; opens the blog',
      blog: '/es/blog/',
      lang: 'es',
    },
  ];
  it.each(posts.flatMap((p) => [360, 390, 1280].map((width) => ({ ...p, width }))))(
    "in $locale at $width px: on screen, the header no taller than a translated post's, and it opens the other blog",
    async (c) => {
      const context = await copy.browser.newContext({ viewport: { width: c.width, height: 740 } });
      await stubThirdParties(context);
      const page = await context.newPage();
      const headerHeight = () => page.locator('header.navbar').evaluate((el) => el.getBoundingClientRect().height);
      await page.goto(copy.url(c.translated));
      const usual = await headerHeight();

      await page.goto(copy.url(c.path));
      // Its name says where it leads (screen readers read the note even where the bar has no room to show it).
      const link = page.locator('header').getByRole('link', { name: c.name, exact: true });
      expect(await link.count()).toBe(1);
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(c.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(c.width);
      // The note does not wrap the bar onto more lines than a translated post's.
      expect(await headerHeight()).toBe(usual);
      if (c.width >= 1200) expect(await page.locator('header').getByText(c.note).isVisible()).toBe(true);

      await link.click();
      await page.waitForURL(copy.url(c.blog));
      expect(await page.getAttribute('html', 'lang')).toBe(c.lang);
      await context.close();
    },
  );
});
