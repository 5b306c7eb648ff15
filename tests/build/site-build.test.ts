import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildReport } from '../../src/build/index.ts';
import { ROOT } from '../support/fixture.ts';

// The real site in site/, built once into a temporary folder.
let out: string;
let report: BuildReport;
beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'agency-site-real-'));
  report = await buildSite({ siteDir: join(ROOT, 'site'), outDir: join(out, 'out'), cacheDir: join(out, '.cache') });
});
afterAll(() => rm(out, { recursive: true, force: true }));

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

/** The text a visitor reads (and a crawler indexes): tags removed, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
    .replace(/<meta [^>]*content="([^"]*)"[^>]*>/g, '\n$1\n')
    // Block boundaries become line breaks so a claim never spans two elements ("6+" then "Apps shipped").
    .replace(/<\/(p|li|dt|dd|h[1-6]|div|td|th|figcaption|blockquote|summary|a|button|label)>|<br\s*\/?>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/[ \t]+/g, ' ');
}

describe('the real site', () => {
  it('builds every page in English and Spanish', () => {
    const pages = readdirSync(join(ROOT, 'site/pages')).filter((f) => f.endsWith('.yaml'));
    for (const file of pages) {
      const page = yaml.load(readFileSync(join(ROOT, 'site/pages', file), 'utf8')) as { slug: Record<string, string> };
      expect(Object.keys(page.slug).sort(), `${file} has both languages`).toEqual(['en', 'es']);
    }
    expect(report.pagesByLocale.en).toBeGreaterThanOrEqual(pages.length);
    expect(report.pagesByLocale.es).toBeGreaterThanOrEqual(pages.length);
    expect(report.warnings.filter((w) => !w.startsWith('draft skipped'))).toEqual([]);
  });

  it('states every business claim exactly as site/constants.yaml does', async () => {
    const constants = yaml.load(readFileSync(join(ROOT, 'site/constants.yaml'), 'utf8')) as Record<string, unknown> & {
      detectors: Array<{ constant: string; pattern: string }>;
    };
    const words: Record<string, number> = { one: 1, two: 2 };
    const valueOf = (path: string) => path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], constants);
    const mismatches: string[] = [];
    let found = 0;
    for (const file of htmlFiles(join(out, 'out'))) {
      if (file.includes('/blog/') && !file.endsWith('/blog/index.html')) continue; // technical articles quote code, not claims
      const text = visibleText(await readFile(file, 'utf8'));
      for (const detector of constants.detectors) {
        for (const match of text.matchAll(new RegExp(detector.pattern, 'gi'))) {
          found++;
          const stated = words[match[1]!.toLowerCase()] ?? Number(match[1]);
          if (stated !== Number(valueOf(detector.constant))) mismatches.push(`${file.slice(out.length)}: "${match[0]}" but ${detector.constant} is ${valueOf(detector.constant)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(found).toBeGreaterThan(10);
  });

  it('has the landing message keys of the spec in both languages', () => {
    const keys = ['hero.title', 'contact.title', 'workflow.title', 'benefits.title', 'why-us.title', 'portfolio.title', 'blog.subscribe-label', 'services.title'];
    for (const locale of ['en', 'es']) {
      const messages = yaml.load(readFileSync(join(ROOT, `locales/${locale}.yaml`), 'utf8')) as { landing: Record<string, Record<string, string>> };
      for (const key of keys) {
        const [section, name] = key.split('.') as [string, string];
        expect(messages.landing[section]?.[name], `${locale}: landing.${key}`).toBeTruthy();
      }
    }
  });
});
