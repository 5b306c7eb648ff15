import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../src/config/index.ts';
import { loadContent } from '../../src/content/index.ts';
import { createFormsHandler, openDatabase, thankYouRedirects, thankYouSlugs, type Db } from '../../src/forms/index.ts';
import { CHROMIUM } from '../support/browser.ts';
import { ROOT } from '../support/fixture.ts';
import { startServedSite, type ServedSite } from '../support/served-site.ts';

// The real site with the forms endpoint mounted the way `serve` mounts it: redirects from the
// thank-you pages site/pages declares, so a missing or misnamed page fails here.
let site: ServedSite;
let browser: Browser;
let db: Db | undefined;
beforeAll(async () => {
  const config = await loadSiteConfig({ siteDir: join(ROOT, 'site') });
  const content = await loadContent({ siteDir: join(ROOT, 'site'), config });
  const slugOf = (id: string) => content.pages.find((page) => page.id === id)?.slug;
  site = await startServedSite({
    name: 'thank-you',
    handlers: (dir) => {
      db = openDatabase({ path: join(dir, 'leads.db') });
      return [
        createFormsHandler({
          db,
          uploadsDir: join(dir, 'uploads'),
          redirects: thankYouRedirects({ locales: config.locales, defaultLocale: config.defaultLocale, ...thankYouSlugs(slugOf) }),
          defaultLocale: config.defaultLocale,
          rateLimit: false,
          minFillMs: 0,
        }),
      ];
    },
  });
  browser = site.browser;
  await writeFile(join(site.dir, 'cv.pdf'), '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
});
afterAll(async () => {
  await site?.close();
  db?.close();
});

describe.each([
  {
    locale: 'en',
    contact: ['/', '/thank-you/', 'Thank you! Our team will be in touch shortly'],
    newsletter: ['/blog/', '/thank-you-newsletter/', "You're subscribed"],
    careers: ['/careers/', '/thank-you-careers/', "Application received: here's what happens next"],
    guide: ['/mvp-guide/', '/thank-you-guide/', 'Check your email: your guide is on its way'],
  },
  {
    locale: 'es',
    contact: ['/es/', '/es/gracias/', '¡Gracias! Nuestro equipo se pondrá en contacto con vos en breve'],
    newsletter: ['/es/blog/', '/es/gracias-newsletter/', '¡Listo, tu suscripción está confirmada!'],
    careers: ['/es/trabaja-con-nosotros/', '/es/gracias-postulacion/', 'Recibimos tu postulación: esto es lo que sigue'],
    guide: ['/es/guia-mvp/', '/es/gracias-guia/', 'Revisá tu correo: tu guía está en camino'],
  },
])('each form without JavaScript in $locale', (c) => {
  it.each(['contact', 'newsletter', 'careers', 'guide'] as const)('posts the %s form and lands on its own confirmation', async (form) => {
    const [from, to, heading] = c[form] as [string, string, string];
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url(from));
    const selector = { contact: '#contact form', newsletter: 'form#newsletter', careers: 'form[action$="/careers"]', guide: 'form[action$="/guide"]' }[form];
    const f = page.locator(selector);
    const email = `${form}+${c.locale}@example.com`;
    if (form === 'contact' || form === 'careers') await f.locator('input[name="name"]').fill('Robin');
    await f.locator('input[name="email"]').fill(email);
    if (form === 'contact') await f.locator('textarea[name="message"]').fill('We would like two senior React developers next month.');
    if (form === 'careers') await f.locator('input[name="cv"]').setInputFiles(join(site.dir, 'cv.pdf'));
    await Promise.all([page.waitForURL(site.url(to)), f.locator('button[type="submit"]').click()]);
    expect(await page.locator('h1').innerText()).toBe(heading);
    expect(await page.getAttribute('html', 'lang')).toBe(c.locale);
    await context.close();
  });
});

describe('the service worker on an insecure origin', () => {
  it('logs that it needs HTTPS or localhost, although Chromium hides navigator.serviceWorker there', async () => {
    // 127.0.0.0/8 and localhost count as secure; a made-up host name resolved to 127.0.0.1 does not.
    const port = new URL(site.base).port;
    const insecure = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic', '--host-resolver-rules=MAP insecure.test 127.0.0.1'],
    });
    try {
      const page = await insecure.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.goto(`http://insecure.test:${port}/`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      expect(await page.evaluate(() => [isSecureContext, 'serviceWorker' in navigator])).toEqual([false, false]);
      expect(errors).toContain('The service worker was not registered: it needs a secure connection (HTTPS) or localhost.');

      // And on 127.0.0.1 (secure) the message never appears.
      const local = await insecure.newPage();
      const localErrors: string[] = [];
      local.on('console', (m) => m.type() === 'error' && localErrors.push(m.text()));
      await local.goto(site.url('/'));
      await local.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      expect(localErrors.filter((e) => e.includes('service worker'))).toEqual([]);
    } finally {
      await insecure.close();
    }
  });
});
