import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormsHandler, openDatabase, thankYouRedirects, type Db } from '../../src/forms/index.ts';
import { newPage } from '../support/browser.ts';
import { startServedSite, type ServedSite } from '../support/served-site.ts';

// The real site with its real site.yaml (consent: opt-in). Tracker hosts are unreachable here, so
// every request the page *attempts* to a tracker host is recorded; stubThirdParties answers the two
// script hosts with an empty script, so gtag/fbq queue their calls where the test can read them.
let site: ServedSite;
let browser: Browser;
let db: Db | undefined;
beforeAll(async () => {
  // The forms endpoint too, so a stored lead can show whether its conversion is reported.
  site = await startServedSite({
    name: 'consent',
    handlers: (dir) => {
      db = openDatabase({ path: join(dir, 'leads.db') });
      return [createFormsHandler({ db, redirects: thankYouRedirects({ locales: ['en', 'es'], defaultLocale: 'en' }), rateLimit: false, minFillMs: 0 })];
    },
  });
  browser = site.browser;
});
afterAll(async () => {
  await site?.close();
  db?.close();
});

const TRACKERS = /(^|\.)(googletagmanager\.com|google-analytics\.com|doubleclick\.net|facebook\.net|facebook\.com)$/;

async function open(path: string, options: { gpc?: boolean } = {}) {
  const session = await newPage(browser);
  const tracked: string[] = [];
  session.context.on('request', (r) => TRACKERS.test(new URL(r.url()).hostname) && tracked.push(r.url()));
  if (options.gpc)
    await session.context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }));
  await session.page.goto(site.url(path));
  await hydrated(session.page);
  return { ...session, tracked };
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
/** What the page queued for Google Analytics and the pixel: page paths of GA page views, pixel PageViews. */
const pageViews = (page: Page) =>
  page.evaluate(() => ({
    ga:
      (window.dataLayer as IArguments[] | undefined)
        ?.filter((a) => a[0] === 'event' && a[1] === 'page_view')
        .map((a) => (a[2] as { page_path: string }).page_path) ?? null,
    gaConfigured: (window.dataLayer as IArguments[] | undefined)?.some((a) => a[0] === 'config') ?? false,
    pixel: (window.fbq?.queue as unknown[][] | undefined)?.filter((a) => a[0] === 'track' && a[1] === 'PageView').length ?? null,
  }));
/** Gives the network a moment: a tracker that was going to load would have asked by then. */
const settle = (page: Page) => page.waitForLoadState('networkidle');

describe.each([
  {
    locale: 'en',
    home: '/',
    post: '/blog/nodejs-event-loop-explained/',
    blog: '/blog/',
    accept: 'Accept',
    reject: 'Reject',
    settings: 'Cookie settings',
    gpc: /Global Privacy Control.*treat it as a Reject/,
  },
  {
    locale: 'es',
    home: '/es/',
    post: '/es/blog/event-loop-de-nodejs/',
    blog: '/es/blog/',
    accept: 'Aceptar',
    reject: 'Rechazar',
    settings: 'Configurar cookies',
    gpc: /Global Privacy Control.*la tomamos como un rechazo/,
  },
])('consent before tracking in $locale', (c) => {
  it.each([
    ['Reject', false],
    ['Accept', true],
  ] as const)('reports a newsletter sign-up as a conversion only after Accept (clicked %s)', async (choice, reported) => {
    const { page, context, tracked } = await open(c.blog);
    await page
      .locator('.cookie-notice')
      .getByRole('button', { name: choice === 'Accept' ? c.accept : c.reject })
      .click();
    await page.locator('#newsletter input[name="email"]').fill(`${choice.toLowerCase()}+${c.locale}@example.com`);
    await page.locator('#newsletter button').click();
    await expect.poll(() => page.locator('#newsletter [role="status"]').count(), { timeout: 10_000 }).toBe(1);
    const conversions = await page.evaluate(() => ({
      ga: (window.dataLayer as IArguments[] | undefined)?.some((a) => a[0] === 'event' && a[1] === 'generate_lead') ?? false,
      pixel: (window.fbq?.queue as unknown[][] | undefined)?.some((a) => a[0] === 'track' && a[1] === 'Lead') ?? false,
    }));
    expect(conversions).toEqual({ ga: reported, pixel: reported });
    if (!reported) expect(tracked).toEqual([]);
    await context.close();
  });

  describe.each([c.home, c.post])('on %s', (path) => {
    it('asks with Accept and Reject side by side, and sends nothing to a tracker before a choice', async () => {
      const { page, context, tracked } = await open(path);
      const notice = page.locator('.cookie-notice');
      const buttons = notice.getByRole('button');
      expect(await buttons.allInnerTexts()).toEqual([c.accept, c.reject]);
      // Same prominence: the same class, so the same size, colour and weight.
      expect(await buttons.evaluateAll((els) => new Set(els.map((e) => e.className)).size)).toBe(1);
      expect(await notice.innerText()).toMatch(/Google Analytics/);
      await settle(page);
      expect(tracked).toEqual([]);
      expect(await pageViews(page)).toEqual({ ga: null, gaConfigured: false, pixel: null });
      await context.close();
    });

    it('sends nothing after Reject, also after a reload and a client navigation', async () => {
      const { page, context, tracked } = await open(path);
      await page.locator('.cookie-notice').getByRole('button', { name: c.reject }).click();
      expect(await page.locator('.cookie-notice').isVisible()).toBe(false);
      await page.reload();
      await hydrated(page);
      expect(await page.locator('.cookie-notice').isVisible()).toBe(false);
      await page.click(`header nav a[href="${c.blog}"]`);
      await page.waitForURL(site.url(c.blog));
      await settle(page);
      expect(tracked).toEqual([]);
      expect(await pageViews(page)).toEqual({ ga: null, gaConfigured: false, pixel: null });
      await context.close();
    });

    it('sends nothing with Global Privacy Control, and the notice says it counts as Reject', async () => {
      const { page, context, tracked } = await open(path, { gpc: true });
      const notice = page.locator('.cookie-notice');
      expect(await notice.innerText()).toMatch(c.gpc);
      expect(await notice.getByRole('button', { name: c.accept }).count()).toBe(0);
      // Even an Accept stored earlier does not override the signal.
      await page.evaluate(() => localStorage.setItem('agency-site-consent', 'accepted'));
      await page.reload();
      await hydrated(page);
      await page.click(`header nav a[href="${c.blog}"]`);
      await page.waitForURL(site.url(c.blog));
      await settle(page);
      expect(tracked).toEqual([]);
      expect(await pageViews(page)).toEqual({ ga: null, gaConfigured: false, pixel: null });
      await context.close();
    });

    it('loads both trackers after Accept, counts client navigations, and remembers the choice', async () => {
      const { page, context, tracked } = await open(path);
      await page.locator('.cookie-notice').getByRole('button', { name: c.accept }).click();
      await expect.poll(() => tracked.filter((u) => /gtag\/js\?id=G-|fbevents\.js/.test(u)).length, { timeout: 10_000 }).toBe(2);
      // gtag's config sends the first page view itself; the pixel queues its own.
      expect(await pageViews(page)).toEqual({ ga: [], gaConfigured: true, pixel: 1 });
      await page.click(`header nav a[href="${c.blog}"]`);
      await page.waitForURL(site.url(c.blog));
      await expect.poll(() => pageViews(page), { timeout: 10_000 }).toEqual({ ga: [c.blog], gaConfigured: true, pixel: 2 });

      tracked.length = 0;
      await page.reload();
      await hydrated(page);
      expect(await page.locator('.cookie-notice').isVisible()).toBe(false);
      await expect.poll(() => tracked.filter((u) => /gtag\/js\?id=G-|fbevents\.js/.test(u)).length, { timeout: 10_000 }).toBe(2);
      await context.close();
    });

    it('is in the HTML the server sends, hidden until the runtime shows it, in the language of the page', async () => {
      const html = await (await fetch(site.url(path))).text();
      const notice = /<div class="cookie-notice"[^>]*>.*?<\/div>/s.exec(html)?.[0] ?? '';
      expect(notice).toMatch(/data-cookie-notice="" hidden=""/);
      expect(notice).toContain(`>${c.accept}</button>`);
      const { page, context } = await open(path);
      expect(await page.locator('.cookie-notice').isVisible()).toBe(true);
      // The other language by a client navigation: its page brings its own notice, shown while no choice is stored.
      const other = c.locale === 'en' ? { lang: 'es', accept: 'Aceptar' } : { lang: 'en', accept: 'Accept' };
      await page.locator(`header a[hreflang="${other.lang}"]`).first().click();
      await page.waitForFunction((lang) => document.documentElement.lang === lang, other.lang);
      expect(await page.locator('.cookie-notice').getByRole('button').allInnerTexts()).toEqual([other.accept, other.lang === 'es' ? 'Rechazar' : 'Reject']);
      await context.close();
    });

    it('reopens the choice from the footer link, and a later Reject stops page views', async () => {
      const { page, context } = await open(path);
      await page.locator('.cookie-notice').getByRole('button', { name: c.accept }).click();
      await page.locator('footer').getByRole('link', { name: c.settings }).click();
      const notice = page.locator('.cookie-notice');
      expect(await notice.getByRole('button').allInnerTexts()).toEqual([c.accept, c.reject]);
      expect(page.url()).toBe(site.url(path));
      await notice.getByRole('button', { name: c.reject }).click();
      const before = await pageViews(page);
      await page.click(`header nav a[href="${c.blog}"]`);
      await page.waitForURL(site.url(c.blog));
      await hydrated(page);
      expect(await pageViews(page)).toEqual(before);
      expect(await page.evaluate(() => localStorage.getItem('agency-site-consent'))).toBe('rejected');
      await context.close();
    });
  });
});
