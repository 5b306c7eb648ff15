import type { Server } from 'node:http';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBuild } from '../support/served-site.ts';
import { serveSite } from '../../src/serve/index.ts';
import { createFormsHandler, listLeads, openDatabase, thankYouRedirects, type Db } from '../../src/forms/index.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { ROOT } from '../support/fixture.ts';

// The real site served with the forms endpoint mounted, as `serve` does, over a temporary database.
let dir: string;
let server: Server;
let base: string;
let browser: Browser;
let db: Db;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agency-site-forms-e2e-'));
  const { out } = await sharedBuild();
  db = openDatabase({ path: join(dir, 'leads.db') });
  const forms = createFormsHandler({
    db,
    uploadsDir: join(dir, 'uploads'),
    redirects: thankYouRedirects({
      locales: ['en', 'es'],
      defaultLocale: 'en',
      thankYou: { en: 'thank-you', es: 'gracias' },
      thankYouGuide: { en: 'thank-you-guide', es: 'gracias-guia' },
    }),
    defaultLocale: 'en',
    rateLimit: false,
    minFillMs: 0,
  });
  ({ server, url: base } = await serveSite({ outDir: out, port: 0, host: '127.0.0.1', locales: ['en', 'es'], handlers: [forms] }));
  browser = await launchBrowser();
  // Test files for the careers form: a real (tiny) PDF, a 6 MB one, and an executable named .pdf.
  await writeFile(join(dir, 'cv.pdf'), '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await writeFile(join(dir, 'big.pdf'), Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6 * 1024 * 1024, 32)]));
  await writeFile(join(dir, 'tool.pdf'), Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096)]));
});
afterAll(async () => {
  await browser?.close();
  server?.close();
  db?.close();
  await rm(dir, { recursive: true, force: true });
});

const url = (path: string) => new URL(path, base).href;
const leads = (form: string) => listLeads(db, { form });

const cases = [
  {
    locale: 'en',
    home: '/',
    careers: '/careers/',
    blog: '/blog/',
    guide: '/mvp-guide/',
    thanks: '/thank-you/',
    thanksGuide: '/thank-you-guide/',
    success: 'Thank you! Our team will be in touch shortly',
    required: /required|enter/i,
    badEmail: /e-?mail/i,
  },
  {
    locale: 'es',
    home: '/es/',
    careers: '/es/trabaja-con-nosotros/',
    blog: '/es/blog/',
    guide: '/es/guia-mvp/',
    thanks: '/es/gracias/',
    thanksGuide: '/es/gracias-guia/',
    success: '¡Gracias! Nuestro equipo se pondrá en contacto con vos en breve',
    required: /obligatori|ingres|escrib/i,
    badEmail: /correo/i,
  },
];

describe.each(cases)('forms with JavaScript in $locale', (c) => {
  it('shows localized errors beside each field, then sends the contact form and stores it', async () => {
    // A visitor who accepted analytics: the conversion below is reported only then.
    const { page, context, errors } = await newPage(browser, { consent: 'accepted' });
    // A slow phone (or a busy CI machine): hydration is still running when the visitor first submits.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto(url(c.home));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const form = page.locator('#contact form');
    // What the visitor sees after an attempt: which fields are marked, the message under each, one summary.
    const seen = () =>
      form.evaluate((el: HTMLFormElement) => ({
        invalid: [...el.querySelectorAll('[aria-invalid="true"]')].map((f) => f.getAttribute('name')).sort(),
        messages: Object.fromEntries(
          [...el.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].map((f) => {
            const id = (f.getAttribute('aria-describedby') ?? '').split(' ').find((x) => x.endsWith('-error'));
            return [f.getAttribute('name'), id ? (document.getElementById(id)?.innerText ?? '') : ''];
          }),
        ),
        shownErrors: el.querySelectorAll('.field-error').length,
        alerts: el.querySelectorAll('[role="alert"]').length,
        browserValidation: !el.noValidate,
      }));

    await form.locator('button[type="submit"]').click();
    const nameInput = form.locator('input[name="name"]');
    await expect.poll(() => nameInput.getAttribute('aria-invalid'), { timeout: 10_000 }).toBe('true');
    const first = await seen();
    expect(first.invalid).toEqual(['email', 'message', 'name']);
    expect(first.messages.name).toMatch(c.required);
    expect(first.shownErrors).toBe(3);
    expect(first.alerts).toBe(1);
    expect(first.browserValidation).toBe(false);

    // The name is fixed and the email is wrong: only the email stays marked, with its own message.
    // The form may have been rendered afresh meanwhile (React after a hydration mismatch, or a client
    // navigation) and lost noValidate; the browser's validation must still not take over.
    await form.evaluate((el: HTMLFormElement) => (el.noValidate = false));
    await nameInput.fill('Dana');
    const email = form.locator('input[name="email"]');
    await email.fill('not-an-email');
    await form.locator('textarea[name="message"]').fill('We need two senior React developers for a fintech MVP.');
    await form.locator('button[type="submit"]').click();
    await expect.poll(async () => (await seen()).invalid, { timeout: 10_000 }).toEqual(['email']);
    const second = await seen();
    expect(second.messages.email).toMatch(c.badEmail);
    expect(second.shownErrors).toBe(1);
    expect(second.alerts).toBe(1);

    const before = leads('contact').length;
    await email.fill(`dana+${c.locale}@startup.example`);
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.locator('[role="status"]').innerText(), { timeout: 10_000 }).toBe(c.success);
    expect(page.url()).toBe(url(c.home));
    const rows = leads('contact');
    expect(rows.length).toBe(before + 1);
    expect(rows[0]!.fields).toMatchObject({ name: 'Dana', email: `dana+${c.locale}@startup.example` });
    expect(rows[0]!.locale).toBe(c.locale);
    // The conversion was reported.
    expect(await page.evaluate(() => (window.dataLayer as IArguments[]).some((a) => a[0] === 'event' && a[1] === 'generate_lead'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a 6 MB CV and an executable renamed .pdf, then accepts a real PDF', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(url(c.careers));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const form = page.locator('#apply form');
    await form.locator('input[name="name"]').fill('Sam');
    await form.locator('input[name="email"]').fill(`sam+${c.locale}@dev.example`);
    const cv = form.locator('input[name="cv"]');

    await cv.setInputFiles(join(dir, 'big.pdf'));
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => cv.getAttribute('aria-invalid'), { timeout: 10_000 }).toBe('true');
    expect(await page.locator(`#${(await cv.getAttribute('aria-describedby'))!.split(' ').at(-1)}`).innerText()).toMatch(/5 MB/);

    await cv.setInputFiles(join(dir, 'tool.pdf'));
    await form.locator('button[type="submit"]').click();
    await expect.poll(async () => (await form.locator('.field-error').allInnerTexts()).join(' '), { timeout: 10_000 }).toMatch(/PDF|DOCX|Word/i);
    expect(await cv.getAttribute('aria-invalid')).toBe('true');

    const before = leads('careers').length;
    await cv.setInputFiles(join(dir, 'cv.pdf'));
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.locator('[role="status"]').count(), { timeout: 10_000 }).toBe(1);
    const rows = leads('careers');
    expect(rows.length).toBe(before + 1);
    expect(rows[0]!.upload).toMatchObject({ mime: 'application/pdf', originalName: 'cv.pdf' });
    expect(await readdir(join(dir, 'uploads'))).toContain(rows[0]!.upload!.storedName);
    expect(rows[0]!.upload!.storedName).not.toContain('cv');
    await context.close();
  });

  it('subscribes to the newsletter and sends the guide sign-up on to the thank-you-guide page', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(url(c.blog));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const before = leads('newsletter').length;
    await page.locator('#newsletter input[name="email"]').fill(`reader+${c.locale}@example.com`);
    await page.locator('#newsletter button').click();
    await expect.poll(() => page.locator('#newsletter [role="status"]').count(), { timeout: 10_000 }).toBe(1);
    expect(leads('newsletter').length).toBe(before + 1);

    await page.goto(url(c.guide));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.locator('#form input[name="email"]').fill(`founder+${c.locale}@example.com`);
    await page.locator('#form button[type="submit"]').click();
    await page.waitForURL(url(c.thanksGuide), { timeout: 10_000 });
    expect(leads('guide')[0]!.fields).toMatchObject({ email: `founder+${c.locale}@example.com`, guide: 'mvp-guide' });
    await context.close();
  });
});

describe.each(cases)('forms without JavaScript in $locale', (c) => {
  it('posts the contact form and lands on the thank-you page, or on a page listing the errors', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url(c.home));
    const form = page.locator('#contact form');
    await form.locator('input[name="name"]').fill('Lee');
    await form.locator('input[name="email"]').fill('lee@');
    await form.locator('textarea[name="message"]').fill('A short but valid message for the team.');
    // Browser validation would stop a real visitor; the server must cope with what arrives anyway.
    await page.evaluate(() => document.querySelectorAll('form').forEach((f) => f.setAttribute('novalidate', '')));
    await Promise.all([page.waitForLoadState('load'), form.locator('button[type="submit"]').click()]);
    expect(await page.locator('body').innerText()).toMatch(c.badEmail);

    await page.goto(url(c.home));
    const before = leads('contact').length;
    await page.locator('#contact input[name="name"]').fill('Lee');
    await page.locator('#contact input[name="email"]').fill(`lee+${c.locale}@example.com`);
    await page.locator('#contact textarea[name="message"]').fill('A short but valid message for the team.');
    await page.locator('#contact button[type="submit"]').click();
    await page.waitForURL(url(c.thanks));
    expect(await page.locator('h1').innerText()).toBe(c.success);
    expect(leads('contact').length).toBe(before + 1);
    await context.close();
  });
});

// What a visitor can see inside a form: every control, label and message the browser renders.
const visibleParts = (form: Locator) =>
  form.evaluate((el: HTMLElement) =>
    [...el.querySelectorAll<HTMLElement>('input, textarea, select, label, button, p')]
      .filter((part) => part.checkVisibility())
      .map(
        (part) =>
          `${part.tagName.toLowerCase()}${part.getAttribute('role') ? `[${part.getAttribute('role')}]` : ''}: ${(part.textContent ?? '').replace(/\s+/g, ' ').trim()}`,
      ),
  );

const successCases = cases.flatMap((c) => {
  const es = c.locale === 'es';
  return [
    {
      locale: c.locale,
      form: 'contact',
      path: c.home,
      selector: '#contact form',
      fill: { name: 'Noa', email: `noa+${c.locale}@startup.example`, message: 'We need a React developer for our checkout.' },
      success: c.success,
      again: es ? 'Enviar otro mensaje' : 'Send another message',
    },
    {
      locale: c.locale,
      form: 'newsletter',
      path: c.blog,
      selector: '#newsletter',
      fill: { email: `noa+${c.locale}@example.com` },
      success: es
        ? 'Listo: tu suscripción está confirmada. El próximo artículo te llega por correo.'
        : "You're subscribed. The next article will arrive in your inbox.",
      again: es ? 'Suscribir otra dirección' : 'Subscribe another address',
    },
    {
      locale: c.locale,
      form: 'careers',
      path: c.careers,
      selector: '#apply form',
      fill: { name: 'Noa', email: `noa+${c.locale}@dev.example`, cv: 'cv.pdf' },
      success: es ? /^¡Gracias por postularte!/ : /^Thanks for applying!/,
      again: es ? 'Enviar otra postulación' : 'Send another application',
    },
  ];
});

describe('after a successful submit with JavaScript', () => {
  it.each(successCases)('$form in $locale shows only the confirmation and a way to send another', async (c) => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(url(c.path));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const form = page.locator(c.selector);
    const before = await visibleParts(form);
    for (const [name, value] of Object.entries(c.fill)) {
      const field = form.locator(`[name="${name}"]`);
      if (name === 'cv') await field.setInputFiles(join(dir, value));
      else await field.fill(value);
    }
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.locator('[role="status"]').count(), { timeout: 10_000 }).toBe(1);

    // Nothing of the form is left to fill or press again: the confirmation and one button.
    const after = await visibleParts(form);
    expect(after).toHaveLength(2);
    expect(after[0]).toMatch(/^p\[status\]: /);
    expect(after[0]!.replace(/^p\[status\]: /, '')).toMatch(c.success);
    expect(after[1]).toBe(`button: ${c.again}`);
    // Focus is on the confirmation, so a screen reader reads it out.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');

    // The button brings back the empty form, as it was, with the focus in its first field.
    await form.getByRole('button', { name: c.again }).click();
    expect(await visibleParts(form)).toEqual(before);
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement;
      return { name: el.name, value: el.value };
    });
    expect(focused).toEqual({ name: Object.keys(c.fill)[0], value: '' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(cases)('the guide sign-up in $locale continues on its thank-you page', async (c) => {
    const { page, context } = await newPage(browser);
    await page.goto(url(c.guide));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.locator('#form input[name="email"]').fill(`noa+${c.locale}@example.com`);
    await page.locator('#form button[type="submit"]').click();
    await page.waitForURL(url(c.thanksGuide), { timeout: 10_000 });
    // No form is left on the page to send the same address again.
    expect(await page.locator('form[action$="/guide"]').count()).toBe(0);
    await context.close();
  });
});
