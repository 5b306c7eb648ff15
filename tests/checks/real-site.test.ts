import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBuild } from '../support/served-site.ts';
import { checkSite, findingLocation, type CheckSiteResult } from '../../src/checks/index.ts';
import { loadSiteConfig } from '../../src/config/index.ts';
import { securityHeaders, securityOptions, serveSite } from '../../src/serve/index.ts';
import { launchBrowser } from '../support/browser.ts';
import { ROOT } from '../support/fixture.ts';

// The real site in site/, built once into a temporary folder, then checked three ways.
const require = createRequire(import.meta.url);
const VNU_JAR = join(require.resolve('vnu-jar/package.json'), '../build/dist/vnu.jar');
const AXE = require.resolve('axe-core/axe.min.js');

let dir: string;
let out: string;
let result: CheckSiteResult;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agency-site-checks-real-'));
  // The run's one build of the real site (the browser tests serve it too); check only reads it.
  ({ out } = await sharedBuild());
  result = await checkSite({ siteDir: join(ROOT, 'site'), outDir: out });
}, 180_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('agency-site check on the real site', () => {
  it('finds no errors', () => {
    const errors = result.findings.filter((f) => f.severity === 'error').map((f) => `${findingLocation(f)}: [${f.check}] ${f.message}`);
    expect(errors).toEqual([]);
    expect(result.pages).toBeGreaterThan(90);
  });
});

describe('numbers from constants.yaml', () => {
  it.each([
    ['index.html', 'We went from about 5,000 to about 250,000 users'],
    ['es/index.html', 'Pasamos de alrededor de 5.000 a alrededor de 250.000 usuarios'],
  ])('are written in %s as its readers write them', async (file, sentence) => {
    expect(await readFile(join(out, file), 'utf8')).toContain(sentence);
  });
});

describe('the Nu Html Checker', () => {
  it('finds no errors in any built page', async () => {
    const files = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.html') && !f.startsWith('page-data/')).map((f) => join(out, f));
    expect(files.length).toBeGreaterThan(90);
    // vnu exits 1 when it reports errors and writes its JSON report to stderr either way.
    const { stderr } = await promisify(execFile)('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? '' }));
    const report = JSON.parse(stderr) as { messages: Array<{ type: string; url?: string; lastLine?: number; message: string; extract?: string }> };
    const problems = report.messages.map(
      (m) => `${(m.url ?? '').replace(`file:${out}`, '')}:${m.lastLine ?? '?'}: ${m.type}: ${m.message}${m.extract ? ` [${m.extract.trim()}]` : ''}`,
    );
    expect(problems).toEqual([]);
  }, 180_000);
});

describe('axe-core in Chromium', () => {
  let server: Server;
  let base: string;
  let browser: Browser;
  beforeAll(async () => {
    const config = await loadSiteConfig({ siteDir: join(ROOT, 'site') });
    // Served with the production headers, as visitors get the pages.
    ({ server, url: base } = await serveSite({
      outDir: out,
      port: 0,
      host: '127.0.0.1',
      locales: config.locales,
      headers: securityHeaders(securityOptions(config)),
    }));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it.each([
    ['en', '/blog/nodejs-event-loop-explained/', /code example/i],
    ['es', '/es/blog/event-loop-de-nodejs/', /ejemplo de código/i],
  ])('lets a keyboard reach and scroll every code block that overflows, in %s', async (_locale, path, label) => {
    // A phone-wide window, so long lines overflow whatever fonts the machine has.
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.route(
      (url) => url.origin !== new URL(base).origin,
      (route) => route.abort(),
    );
    const page = await context.newPage();
    await page.goto(new URL(path, base).href, { waitUntil: 'load' });
    const blocks = await page.$$eval('.prose pre', (pres) =>
      pres.map((pre) => ({
        overflows: pre.scrollWidth > pre.clientWidth,
        tabIndex: pre.tabIndex,
        role: pre.getAttribute('role'),
        label: pre.getAttribute('aria-label') ?? '',
      })),
    );
    const overflowing = blocks.filter((b) => b.overflows);
    expect(overflowing.length).toBeGreaterThan(0);
    for (const block of overflowing) expect(block).toMatchObject({ tabIndex: 0, role: 'group', label: expect.stringMatching(label) });
    // Tab until the first overflowing block has focus, then scroll it with the arrow key.
    const index = blocks.findIndex((b) => b.overflows);
    let focused = false;
    for (let i = 0; i < 200 && !focused; i++) {
      await page.keyboard.press('Tab');
      focused = await page.$$eval('.prose pre', (pres, n) => document.activeElement === pres[n], index);
    }
    expect(focused).toBe(true);
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.$$eval('.prose pre', (pres, n) => pres[n]!.scrollLeft, index)).toBeGreaterThan(0);
    await context.close();
  });

  it.each([
    ['home', '/', '/es/'],
    ['blog list', '/blog/', '/es/blog/'],
    ['a post', '/blog/nodejs-event-loop-explained/', '/es/blog/event-loop-de-nodejs/'],
    ['a careers page', '/careers/', '/es/trabaja-con-nosotros/'],
    ['a landing page', '/free-prototype/', '/es/prototipo-gratis/'],
    ['the 404 page', '/404.html', '/es/404.html'],
  ])('finds no violations on %s in English and Spanish', async (_name, en, es) => {
    // The site's CSP rightly forbids injected scripts; only axe itself is let through.
    const context = await browser.newContext({ bypassCSP: true });
    // Analytics and widgets are third parties this sandbox cannot reach; they add nothing to check.
    await context.route(
      (url) => url.origin !== new URL(base).origin,
      (route) => route.abort(),
    );
    const violations: string[] = [];
    try {
      for (const path of [en, es]) {
        const page = await context.newPage();
        await page.goto(new URL(path, base).href, { waitUntil: 'load' });
        await page.addScriptTag({ path: AXE });
        const found = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run: (
                  context: Document,
                  options: object,
                ) => Promise<{
                  violations: Array<{
                    id: string;
                    impact: string;
                    help: string;
                    nodes: Array<{ target: string[]; html: string; any: Array<{ message: string }> }>;
                  }>;
                }>;
              };
            }
          ).axe;
          const results = await axe.run(document, { resultTypes: ['violations'] });
          return results.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.any.map((a) => a.message).join(' ')}`.trim()),
          }));
        });
        for (const v of found) violations.push(`${path}: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.join('\n    ')}`);
        await page.close();
      }
    } finally {
      await context.close();
    }
    expect(violations).toEqual([]);
  });
});
