import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.ts';
import { startServedSite, type ServedSite } from '../support/served-site.ts';

// The real site, copied so the deploy tests can change it and build again.
let dir: string;
let base: string;
let browser: Browser;
let site: ServedSite;
const build = () => site.rebuild();

beforeAll(async () => {
  site = await startServedSite({ name: 'runtime', copy: true });
  ({ dir, base, browser } = site);
});
afterAll(() => site?.close());

const url = (path: string) => new URL(path, base).href;

/** Opens a page, waits for hydration (the runtime marks <html> once React owns the page). */
async function open(path: string, options: { userAgent?: string; consent?: 'accepted' } = {}) {
  const session = await newPage(browser, options);
  const warnings: string[] = [];
  session.page.on('console', (m) => (m.type() === 'warning' || m.type() === 'error') && warnings.push(m.text()));
  await session.page.goto(url(path));
  await session.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await session.page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  return { ...session, warnings };
}

const marker = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker);
const h1 = (page: Page) => page.locator('h1').first().innerText();
/** Adds a link to the page and clicks it, like a visitor following an internal link. */
async function follow(page: Page, href: string) {
  await page.evaluate((h) => {
    const a = document.createElement('a');
    a.href = h;
    a.id = 'test-link';
    a.textContent = 'test link';
    document.querySelector('main')!.prepend(a);
  }, href);
  await page.click('#test-link');
}

describe.each([
  {
    locale: 'en',
    home: '/',
    blog: '/blog/',
    blogTitle: 'Engineering blog',
    navigated: 'Navigated to Engineering blog',
    notFound: "We couldn't find that page",
    serverError: 'Something went wrong on our side',
    missing: '/no-such-page/',
  },
  {
    locale: 'es',
    home: '/es/',
    blog: '/es/blog/',
    blogTitle: 'Blog de ingeniería',
    navigated: 'Navegaste a Blog de ingeniería',
    notFound: 'No encontramos esa página',
    serverError: 'Algo salió mal de nuestro lado',
    missing: '/es/no-existe/',
  },
])('the runtime in $locale', (c) => {
  it('hydrates without mismatch warnings and navigates without reloading the document', async () => {
    const { page, context, warnings, errors } = await open(c.home);
    await page.click(`header nav a[href="${c.blog}"]`);
    await page.waitForURL(url(c.blog));
    await expect.poll(() => h1(page), { timeout: 10_000 }).toBe(c.blogTitle);
    expect(await marker(page)).toBe(1);
    expect(await page.title()).toContain(c.blogTitle);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(c.locale);
    expect(warnings.filter((w) => /hydrat|did not match/i.test(w))).toEqual([]);
    expect(errors).toEqual([]);
    await page.goBack();
    await page.waitForURL(url(c.home));
    expect(await marker(page)).toBe(1);
    await context.close();
  });

  it('announces the new page and reports one page view per route change to analytics and the pixel', async () => {
    const { page, context, thirdParty } = await open(c.home, { consent: 'accepted' });
    // The tags load after hydration, each on its own request: on a busy machine the pixel's can come later.
    await expect.poll(() => thirdParty.some((u) => u.includes('googletagmanager.com/gtag/js?id=G-')), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => thirdParty.some((u) => u.includes('connect.facebook.net')), { timeout: 10_000 }).toBe(true);
    const before = await page.evaluate(() => ({
      ga: (window.dataLayer as IArguments[]).filter((a) => a[0] === 'event' && a[1] === 'page_view').length,
      pixel: (window.fbq!.queue as unknown[][]).filter((a) => a[0] === 'track' && a[1] === 'PageView').length,
    }));
    expect(before).toEqual({ ga: 0, pixel: 1 });
    await page.click(`header nav a[href="${c.blog}"]`);
    await expect.poll(() => page.locator('#route-announcer').textContent(), { timeout: 10_000 }).toBe(c.navigated);
    expect(await page.locator('#route-announcer').getAttribute('aria-live')).toBe('assertive');
    const after = await page.evaluate(() => ({
      ga: (window.dataLayer as IArguments[]).filter((a) => a[0] === 'event' && a[1] === 'page_view').map((a) => (a[2] as { page_path: string }).page_path),
      pixel: (window.fbq!.queue as unknown[][]).filter((a) => a[0] === 'track' && a[1] === 'PageView').length,
      disablePushState: window.fbq!.disablePushState,
    }));
    expect(after).toEqual({ ga: [c.blog], pixel: 2, disablePushState: true });
    await context.close();
  });

  it('shows a visible notice while a navigation takes longer than a second', async () => {
    const { page, context } = await open(c.home);
    await context.route('**/page-data/**/blog/page-data*.json', async (route) => {
      await new Promise((r) => setTimeout(r, 1800));
      await route.continue();
    });
    await page.click(`header nav a[href="${c.blog}"]`);
    const notice = page.locator('.nav-notice');
    await notice.waitFor({ state: 'visible', timeout: 1700 });
    expect(await notice.getAttribute('role')).toBe('status');
    await expect.poll(() => h1(page), { timeout: 5000 }).toBe(c.blogTitle);
    expect(await notice.isVisible()).toBe(false);
    expect(await marker(page)).toBe(1);
    await context.close();
  });

  it('retries page-data twice and then renders, and after four failures loads the page in full', async () => {
    const { page, context } = await open(c.home);
    let failures = 0;
    await context.route('**/page-data/**/blog/page-data*.json', (route) => (failures++ < 2 ? route.abort('failed') : route.continue()));
    await page.click(`header nav a[href="${c.blog}"]`);
    await expect.poll(() => h1(page), { timeout: 10_000 }).toBe(c.blogTitle);
    expect(failures).toBe(3);
    expect(await marker(page)).toBe(1);

    await page.goBack();
    await page.waitForURL(url(c.home));
    let count = 0;
    const target = c.locale === 'en' ? '/careers/' : '/es/trabaja-con-nosotros/';
    await context.route(`**/page-data${target}page-data*.json`, (route) => (count++ < 4 ? route.fulfill({ status: 503, body: 'busy' }) : route.continue()));
    await follow(page, target);
    await page.waitForURL(url(target));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(count).toBeGreaterThanOrEqual(4);
    expect(await marker(page)).toBeUndefined();
    await context.close();
  });

  it('shows the 404 page of the language for a missing page and the 500 page on a server error', async () => {
    const { page, context } = await open(c.home);
    await follow(page, c.missing);
    await expect.poll(() => h1(page), { timeout: 10_000 }).toBe(c.notFound);
    expect(page.url()).toBe(url(c.missing));
    expect(await marker(page)).toBe(1);

    const target = c.locale === 'en' ? '/partners/' : '/es/socios/';
    await context.route(`**/page-data${target}page-data*.json`, (route) => route.fulfill({ status: 500, body: 'oops' }));
    await follow(page, target);
    await expect.poll(() => h1(page), { timeout: 10_000 }).toBe(c.serverError);
    expect(await marker(page)).toBe(1);
    await context.close();
  });

  it('loads the target in full when its template chunk fails to load', async () => {
    const { page, context } = await open(c.home);
    await context.route('**/assets/chunks/careers*.js', (route) => route.fulfill({ status: 404, body: '' }));
    const target = c.locale === 'en' ? '/careers-android/' : '/es/trabaja-con-nosotros-android/';
    await follow(page, target);
    await page.waitForURL(url(target));
    await page.waitForLoadState('load');
    expect(await marker(page)).toBeUndefined();
    await context.close();
  });

  it('shows the cookie notice with its text until Accept, and remembers it', async () => {
    const { page, context } = await open(c.home);
    const notice = page.locator('.cookie-notice');
    expect(await notice.innerText()).toContain(
      c.locale === 'en' ? "We'd like to use Google Analytics and the Meta Pixel" : 'Nos gustaría usar Google Analytics y el píxel de Meta',
    );
    await notice.getByRole('button').first().click();
    expect(await notice.isVisible()).toBe(false);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await page.locator('.cookie-notice').isVisible()).toBe(false);
    await context.close();
  });
});

describe('prefetching', () => {
  /**
   * What a visitor's browser fetches ahead after opening `path` and scrolling through it. The page
   * runs on Playwright's clock, so the prefetcher's next 8 s of timers pass in one step; the page
   * notes each page-data fetch at its own clock's time, and the network listener proves nothing else
   * was fetched.
   */
  async function pageDataRequests(options: { userAgent?: string; init?: string; path?: string } = {}) {
    const { page, context } = await newPage(browser, options);
    await page.clock.install();
    if (options.init) await page.addInitScript(options.init);
    await page.addInitScript(() => {
      const start = Date.now();
      const noted: Array<{ at: number; url: string }> = ((window as unknown as { fetchedAt: unknown }).fetchedAt = []);
      const fetch = window.fetch;
      window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
        noted.push({ at: Date.now() - start, url: new URL(input instanceof Request ? input.url : String(input), location.href).pathname });
        return fetch.call(this, input, init);
      };
    });
    const own = (options.path ?? '/') === '/' ? 'index' : (options.path ?? '/').replace(/^\/|\/$/g, '');
    // The page's own page-data (its first load) is not a prefetch.
    const prefetched = (pathname: string) => {
      const m = /\/page-data\/(.+)\/page-data(?:\.islands)?\.json$/.exec(pathname);
      return m && m[1] !== own ? m[1]! : undefined;
    };
    const requested: string[] = [];
    page.on('request', (r) => {
      const path = prefetched(new URL(r.url()).pathname);
      if (path) requested.push(path);
    });
    await page.goto(url(options.path ?? '/'));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // Scroll through the page in its first seconds so many links become visible, in order: by the
    // wheel, waiting in real time here (a wait inside the page would run on its fake clock, and
    // visibility is reported in real frames).
    const height = await page.evaluate(() => document.body.scrollHeight);
    for (let y = 0; y <= height; y += 400) {
      await page.mouse.wheel(0, 400);
      await new Promise((r) => setTimeout(r, 40));
    }
    await page.clock.runFor(8000);
    const fetched = await page.evaluate(() => (window as unknown as { fetchedAt: Array<{ at: number; url: string }> }).fetchedAt);
    const seen = fetched.flatMap(({ at, url }) => (prefetched(url) ? [{ at, path: prefetched(url)! }] : []));
    // Every fetch the page made reaches the network, and nothing else does.
    await expect.poll(() => requested.length).toBeGreaterThanOrEqual(seen.length);
    await page.waitForTimeout(200);
    expect(requested.toSorted()).toEqual(seen.map((s) => s.path).toSorted());
    await context.close();
    return seen;
  }

  it.each(['/', '/es/'])(
    'fetches the links visible on %s in batches of 4: the first 3 s after they are queued, then every 3 s',
    async (path) => {
      const seen = await pageDataRequests({ path });
      expect(seen.length).toBeGreaterThanOrEqual(8);
      expect(seen[0]!.at).toBeGreaterThanOrEqual(3000);
      const first = seen.filter((s) => s.at < seen[0]!.at + 1000);
      expect(first.length).toBe(4);
      const second = seen.filter((s) => s.at >= seen[0]!.at + 2500 && s.at < seen[0]!.at + 4000);
      expect(second.length).toBe(4);
    },
    30_000,
  );

  const BOT = { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
  const SAVE_DATA = { init: "Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } })" };
  const SLOW_2G = { init: "Object.defineProperty(navigator, 'connection', { value: { saveData: false, effectiveType: '2g' } })" };
  it.each([
    ['/', 'a search bot', BOT],
    ['/', 'Save-Data', SAVE_DATA],
    ['/', 'a 2g connection', SLOW_2G],
    ['/es/', 'a search bot', BOT],
    ['/es/', 'Save-Data', SAVE_DATA],
    ['/es/', 'a 2g connection', SLOW_2G],
  ])('on %s fetches nothing ahead for %s', async (path, _, options) => {
    expect(await pageDataRequests({ ...options, path })).toEqual([]);
  });

  it.each([
    ['/', '/blog/', 'blog'],
    ['/es/', '/es/blog/', 'es/blog'],
  ])('on %s loads %s at once when its link is hovered', async (home, blog, folder) => {
    const { page, context } = await newPage(browser);
    await page.goto(url(home));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const request = page.waitForRequest((r) => /\/page-data\.(islands\.)?json$/.test(r.url()) && r.url().includes(`/page-data/${folder}/page-data.`), {
      timeout: 1500,
    });
    await page.hover(`header nav a[href="${blog}"]`);
    await request;
    await context.close();
  });
});

describe('deploys', () => {
  it.each(['/', '/es/'])('reloads %s once when the build hash changed since the page was built, and never loops', async (path) => {
    const { page, context } = await newPage(browser);
    await context.route('**/page-data/app-data.json', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ webpackCompilationHash: 'a-newer-build' }) }),
    );
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(url(path));
    await page.waitForTimeout(2500);
    expect(loads).toBe(2);
    expect(await page.evaluate(() => sessionStorage.getItem('agency-site-reloaded-for'))).toBe('a-newer-build');
    await context.close();
  });

  it.each([
    ['/blog/', 'Engineering blog'],
    ['/es/blog/', 'Blog de ingeniería'],
  ])('logs missing page resources for %s and leaves the static page working', async (path, title) => {
    const { page, context } = await newPage(browser);
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    await context.route(`**/page-data${path}page-data*.json`, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(url(path));
    await expect.poll(() => logged, { timeout: 10_000 }).toContain(`page resources for ${path} not found. Not rendering React`);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(await h1(page)).toBe(title);
    await context.close();
  });

  it.each([
    ['/', '/blog/', 'en', 'title: Engineering blog', 'title: Engineering notes', 'Engineering notes'],
    ['/es/', '/es/blog/', 'es', 'title: Blog de ingeniería', 'title: Notas de ingeniería', 'Notas de ingeniería'],
  ])(
    'registers the service worker on %s, serves a new deploy fresh and loads the next page in full after an update',
    async (home, blog, locale, before, after, title) => {
      const { page, context } = await newPage(browser);
      await page.goto(url(home));
      await page.waitForFunction(async () => Boolean(await navigator.serviceWorker.ready));
      await page.reload();
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
      expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(url('/sw.js'));

      // A new deploy: new copy and new styles (so new assets and a new sw.js).
      const messages = join(dir, `locales/${locale}.yaml`);
      await writeFile(messages, (await readFile(messages, 'utf8')).replace(before, after));
      const css = join(dir, 'templates/styles/base.css');
      await writeFile(css, (await readFile(css, 'utf8')) + `\n.deploy-${locale} { color: inherit; }\n`);
      await build();

      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      await page.click(`header nav a[href="${blog}"]`);
      await page.waitForURL(url(blog));
      await expect.poll(() => h1(page), { timeout: 10_000 }).toBe(title);
      expect(await marker(page)).toBeUndefined();
      await context.close();
    },
  );
});
