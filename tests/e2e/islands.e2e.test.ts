import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IslandsPageData } from '../../src/shared/page-data.ts';
import { newPage } from '../support/browser.ts';
import { startServedSite, type ServedSite } from '../support/served-site.ts';

// Partial hydration on the real site: pages ship the runtime alone, islands hydrate when approached.
let site: ServedSite;
beforeAll(async () => {
  site = await startServedSite({ name: 'islands' });
});
afterAll(() => site?.close());

const cases = [
  { locale: 'en', post: '/blog/nodejs-event-loop-explained/', blog: '/blog/', home: '/', careers: '/careers/', badEmail: /e-?mail/i },
  { locale: 'es', post: '/es/blog/event-loop-de-nodejs/', blog: '/es/blog/', home: '/es/', careers: '/es/trabaja-con-nosotros/', badEmail: /correo/i },
];

/** Every JavaScript file the page requested from the site, by path. */
function scriptsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === new URL(site.base).origin && url.pathname.endsWith('.js')) seen.push(url.pathname);
  });
  return seen;
}

/** Which of these scripts carry React: every React build (react, its JSX runtime, react-dom) creates this symbol. */
async function withReact(paths: string[]): Promise<string[]> {
  const texts = await Promise.all(paths.map(async (p) => [p, await (await fetch(site.url(p))).text()] as const));
  return texts.filter(([, text]) => text.includes('react.transitional.element')).map(([p]) => p);
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
const islandHydrated = (page: Page, name: string) =>
  page.locator(`[data-island="${name}"][data-island-hydrated="true"]`).waitFor({ state: 'attached', timeout: 10_000 });

describe.each(cases)('islands in $locale', (c) => {
  it('a post loads no React until its newsletter form is approached (scrolled near, or focused)', async () => {
    for (const approach of ['scroll', 'focus'] as const) {
      const { page, context, errors } = await newPage(site.browser);
      const scripts = scriptsOf(page);
      await page.goto(site.url(c.post));
      await hydrated(page);
      // Reading the first half of the post: still only the runtime.
      const formTop = await page.locator('#newsletter').evaluate((el) => el.getBoundingClientRect().top + scrollY);
      const viewport = await page.evaluate(() => innerHeight);
      expect(formTop).toBeGreaterThan(viewport * 2);
      await page.evaluate((y) => scrollTo(0, y), Math.max(0, formTop - viewport - 900));
      // Long enough for the prefetcher's first batch (3 s): it fetches island chunks of linked pages
      // without running them (modulepreload), and never React.
      await page.waitForTimeout(4000);
      expect(scripts[0]).toMatch(/^\/assets\/runtime\.\w+\.js$/);
      expect(await withReact(scripts)).toEqual([]);
      expect(scripts.filter((s) => /hydrate-island/.test(s))).toEqual([]);
      expect(await page.locator('[data-island-hydrated]').count()).toBe(0);

      if (approach === 'scroll')
        await page.evaluate((y) => scrollTo(0, y), formTop - viewport - 150); // still below the fold
      else await page.focus('#newsletter-email');
      await islandHydrated(page, 'newsletter-form');
      expect(scripts.some((s) => /\/chunks\/newsletter-form\.\w+\.js$/.test(s))).toBe(true);
      expect(scripts.some((s) => /\/chunks\/hydrate-island\.\w+\.js$/.test(s))).toBe(true);
      expect((await withReact(scripts)).length).toBeGreaterThan(0);
      // Hydrated by React: the form is stamped for the forms module and the browser's validation is off.
      expect(await page.locator('#newsletter input[name="startedAt"]').count()).toBe(1);
      expect(await page.locator('#newsletter').evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("navigates between island pages without a full load and mounts each page's islands", async () => {
    const { page, context, errors } = await newPage(site.browser);
    const warnings: string[] = [];
    page.on('console', (m) => (m.type() === 'warning' || m.type() === 'error') && warnings.push(m.text()));
    await page.goto(site.url(c.blog));
    await hydrated(page);
    await islandHydrated(page, 'newsletter-form');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    // A prefetched page (hovered, its variant and island chunks loaded) is on screen in the frame after the click.
    const first = page.locator('.post-list a').nth(1);
    const href = (await first.getAttribute('href'))!;
    const variant = page.waitForResponse((r) => r.url().endsWith(`/page-data${href}page-data.islands.json`));
    await first.hover();
    await variant;
    // Its shared data (cached already) and island chunk (a modulepreload) follow the variant.
    await page.waitForTimeout(1500);
    const prefetchedTitle = (await first.innerText()).trim();
    const inNextFrame = await first.evaluate(
      (a: HTMLAnchorElement) =>
        new Promise<string>((resolve) => {
          a.click();
          requestAnimationFrame(() => resolve(document.querySelector('h1')!.textContent!.trim()));
        }),
    );
    expect(inNextFrame).toBe(prefetchedTitle);
    await page.goBack();
    await expect.poll(() => page.locator('h1').first().innerText(), { timeout: 10_000 }).not.toBe(prefetchedTitle);

    // Blog → post: the static regions are swapped, the post's newsletter island waits to be approached.
    const link = page.locator('.post-list a').first();
    const title = (await link.innerText()).trim();
    const postPath = (await link.getAttribute('href'))!;
    await link.click();
    await page.waitForURL(site.url(postPath));
    await expect.poll(() => page.locator('h1').first().innerText(), { timeout: 10_000 }).toBe(title);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(c.locale);
    expect(await page.title()).toContain(title.slice(0, 20));
    expect(await page.locator('[data-island="newsletter-form"]').count()).toBe(1);
    expect(await page.locator('[data-island-hydrated]').count()).toBe(0);
    await page.locator('#newsletter').scrollIntoViewIfNeeded();
    await islandHydrated(page, 'newsletter-form');
    // The island works after the navigation: the forms module validates in the page's language.
    await page.locator('#newsletter-email').fill('not-an-email');
    await page.locator('#newsletter button[type="submit"]').click();
    await expect.poll(() => page.locator('#newsletter .field-error').innerText(), { timeout: 10_000 }).toMatch(c.badEmail);

    // Post → careers (another island) → home, and back: still the same document.
    await page.evaluate((href) => {
      const a = document.createElement('a');
      a.href = href;
      a.id = 'test-link';
      a.textContent = 'careers';
      document.querySelector('main')!.prepend(a);
    }, c.careers);
    await page.click('#test-link');
    await page.waitForURL(site.url(c.careers));
    await page.locator('#apply form').scrollIntoViewIfNeeded();
    await islandHydrated(page, 'careers-form');
    await page.click(`header a.navbar-brand`);
    await page.waitForURL(site.url(c.home));
    await page.locator('#contact form').scrollIntoViewIfNeeded();
    await islandHydrated(page, 'contact-form');
    await page.goBack();
    await page.waitForURL(site.url(c.careers));
    expect(await page.locator('#apply form').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(warnings.filter((w) => /hydrat|did not match|island/i.test(w))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a page with JavaScript disabled is complete: the same text, every form whole', async () => {
    for (const path of [c.home, c.post, c.careers]) {
      const off = await site.browser.newContext({ javaScriptEnabled: false });
      const staticPage = await off.newPage();
      await staticPage.goto(site.url(path));
      const { page, context } = await newPage(site.browser);
      await page.goto(site.url(path));
      await hydrated(page);
      // Every island of the page hydrated: scroll to the bottom.
      await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
      await page.waitForFunction(() => [...document.querySelectorAll('[data-island]')].every((el) => (el as HTMLElement).dataset.islandHydrated === 'true'));
      const main = (p: Page) => p.locator('main').innerText();
      expect(await main(staticPage)).toBe(await main(page));
      expect((await main(staticPage)).length).toBeGreaterThan(300);
      const forms = (p: Page) =>
        p.locator('form[method="post"]').evaluateAll((list) =>
          list.map((f) => ({
            action: f.getAttribute('action'),
            fields: [...(f as HTMLFormElement).elements].map((e) => e.getAttribute('name')).filter((n) => n && n !== 'startedAt'),
            labels: f.querySelectorAll('label').length,
          })),
        );
      const staticForms = await forms(staticPage);
      expect(staticForms.length).toBeGreaterThan(0);
      expect(staticForms).toEqual(await forms(page));
      expect(await staticPage.locator('header nav a').count()).toBeGreaterThan(2);
      expect(await staticPage.locator('footer a').count()).toBeGreaterThan(2);
      await off.close();
      await context.close();
    }
  });
});

describe('page scripts after a client navigation', () => {
  it('loads the reviews widget on /free-prototype/ through the proxy, as a full load does', async () => {
    const { page, context } = await newPage(site.browser);
    await page.goto(site.url('/'));
    await hydrated(page);
    const proxied = page.waitForRequest((r) => r.url().includes('/__third-party-proxy?url='), { timeout: 10_000 });
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/free-prototype/';
      a.id = 'test-link';
      a.textContent = 'free prototype';
      document.querySelector('main')!.prepend(a);
    });
    await page.click('#test-link');
    await page.waitForURL(site.url('/free-prototype/'));
    expect(decodeURIComponent((await proxied).url().split('url=')[1]!)).toBe('https://widget.trustmary.com/reviews/southbridge-dev.js');
    expect(await page.locator('script[src^="/__third-party-proxy"]').count()).toBe(1);
    await context.close();
  });
});

describe('page-data.islands.json', () => {
  it('exists for every page that uses islands, with the spec fields, the page body and its islands', async () => {
    const out = site.out;
    const html = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.html') && !f.startsWith('page-data/'));
    const app = (await (await fetch(site.url('/page-data/app-data.json'))).json()) as { webpackCompilationHash: string };
    let checked = 0;
    for (const file of html) {
      const text = await readFile(join(out, file), 'utf8');
      const open = '<div id="root" data-hydration="islands">';
      expect(text, file).toContain(open);
      const path = file === 'index.html' ? '/' : file.endsWith('/index.html') ? `/${file.slice(0, -'index.html'.length)}` : `/${file}`;
      const folder = path === '/' ? 'index' : path.replace(/^\/|\/$/g, '');
      const response = await fetch(site.url(`/page-data/${folder}/page-data.islands.json`));
      expect(response.status, path).toBe(200);
      const variant = (await response.json()) as IslandsPageData;
      expect(variant).toMatchObject({
        path,
        hydration: 'islands',
        webpackCompilationHash: app.webpackCompilationHash,
        componentChunkName: expect.stringMatching(/^component---templates-pages-/),
      });
      expect(variant.staticQueryHashes).toHaveLength(1);
      expect(Object.keys(variant.slicesMap).sort()).toEqual(['footer', 'navbar']);
      expect(variant.result.head?.title).toBeTruthy();
      expect(variant.result.head?.ogLocale).toMatch(/^(en_US|es_AR)$/);
      expect(variant.result.head?.alternates.length).toBeGreaterThan(0);
      expect(variant.result).not.toHaveProperty('data');
      // The body the runtime swaps in is exactly the server's, islands in place.
      const body = text.slice(text.indexOf(open) + open.length, text.indexOf('</div><script type="module"'));
      expect(variant.html, path).toBe(body);
      expect(variant.islands.map((i) => i.name)).toEqual([...body.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]));
      for (const island of variant.islands) {
        expect((await fetch(site.url(island.chunks[0]!))).status).toBe(200);
        expect(island.hydrate).toBe('visible');
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('a template that opts out of islands', () => {
  let copy: ServedSite;
  beforeAll(async () => {
    copy = await startServedSite({ name: 'islands-full', copy: true });
    const template = join(copy.dir, 'templates/pages/document.tsx');
    await writeFile(template, (await readFile(template, 'utf8')) + "\nexport const hydration = 'full';\n");
    await copy.rebuild();
  });
  afterAll(() => copy?.close());

  it.each([
    ['/privacy-policy/', '/blog/', 'Engineering blog'],
    ['/es/politica-de-privacidad/', '/es/blog/', 'Blog de ingeniería'],
  ])('hydrates %s whole from page-data.json, navigates from it, and is a full load from an island page', async (legal, blog, blogTitle) => {
    const { page, context, errors } = await newPage(copy.browser);
    const scripts: string[] = [];
    page.on('request', (r) => r.url().endsWith('.js') && scripts.push(r.url()));
    await page.goto(copy.url(legal));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await page.locator('#root').getAttribute('data-hydration')).toBe('full');
    expect(scripts.some((s) => /\/chunks\/document\.\w+\.js$/.test(s))).toBe(true);
    expect(scripts.some((s) => /\/chunks\/full-view\.\w+\.js$/.test(s))).toBe(true);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.click(`header nav a[href="${blog}"]`);
    await expect.poll(() => page.locator('h1').first().innerText(), { timeout: 10_000 }).toBe(blogTitle);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    // From an island page the opted-out page has no variant: the browser loads it.
    await page.goto(copy.url(blog));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.evaluate((href) => {
      const a = document.createElement('a');
      a.href = href;
      a.id = 'test-link';
      a.textContent = 'legal';
      document.querySelector('main')!.prepend(a);
    }, legal);
    await page.click('#test-link');
    await page.waitForURL(copy.url(legal));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    // The one failed request is the variant that page does not have (then the HEAD check found its HTML).
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    expect(errors.length).toBeLessThanOrEqual(1);
    await context.close();
  });
});
