import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildReport } from '../../src/build/index.ts';
import { MemoryOutput } from '../../src/output/index.ts';
// The same text extraction `agency-site check` uses for claims: block boundaries become line breaks.
import { visibleText } from '../../src/checks/visible-text.ts';
import { ROOT } from '../support/fixture.ts';

// The real site in site/, built once into memory (these tests only read what it publishes);
// its caches go to a temporary folder.
let dir: string;
let out: MemoryOutput;
let report: BuildReport;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agency-site-real-'));
  out = new MemoryOutput();
  report = await buildSite({ siteDir: join(ROOT, 'site'), outDir: join(dir, 'out'), cacheDir: join(dir, '.cache'), output: out });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every published HTML page, as its URL path (`/es/blog/index.html`). */
const htmlFiles = () =>
  out
    .paths()
    .filter((f) => f.endsWith('.html'))
    .map((f) => `/${f}`);

describe('the real site', () => {
  it('builds every page in English and Spanish', () => {
    const pages = readdirSync(join(ROOT, 'site/pages')).filter((f) => f.endsWith('.yaml'));
    for (const file of pages) {
      const page = yaml.load(readFileSync(join(ROOT, 'site/pages', file), 'utf8')) as { slug: Record<string, string> };
      expect(Object.keys(page.slug).sort(), `${file} has both languages`).toEqual(['en', 'es']);
    }
    expect(report.pagesByLocale.en).toBeGreaterThanOrEqual(pages.length);
    expect(report.pagesByLocale.es).toBeGreaterThanOrEqual(pages.length);
    expect(report.warnings.filter((w) => w.name !== 'DraftSkipped')).toEqual([]);
  });

  it('states every business claim exactly as site/constants.yaml does', async () => {
    const constants = yaml.load(readFileSync(join(ROOT, 'site/constants.yaml'), 'utf8')) as Record<string, unknown> & {
      detectors: Array<{ constant: string; pattern: string }>;
    };
    const words: Record<string, number> = { one: 1, two: 2 };
    const valueOf = (path: string) => path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], constants);
    const mismatches: string[] = [];
    let found = 0;
    for (const file of htmlFiles()) {
      if (file.includes('/blog/') && !file.endsWith('/blog/index.html')) continue; // technical articles quote code, not claims
      const text = visibleText(out.text(file.slice(1))).text;
      for (const detector of constants.detectors) {
        for (const match of text.matchAll(new RegExp(detector.pattern, 'gi'))) {
          found++;
          const stated = words[match[1]!.toLowerCase()] ?? Number(match[1]);
          if (stated !== Number(valueOf(detector.constant)))
            mismatches.push(`${file}: "${match[0]}" but ${detector.constant} is ${valueOf(detector.constant)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(found).toBeGreaterThan(10);
  });

  it('has every route of the spec in both languages, each with its hreflang pair', async () => {
    const routes: Array<[string, string]> = [
      ['/', '/es/'],
      ['/blog/', '/es/blog/'],
      ['/careers/', '/es/trabaja-con-nosotros/'],
      ['/careers-android/', '/es/trabaja-con-nosotros-android/'],
      ['/careers-marketing/', '/es/trabaja-con-nosotros-marketing/'],
      ['/careers-video-editor/', '/es/trabaja-con-nosotros-editor-de-video/'],
      ['/free-prototype/', '/es/prototipo-gratis/'],
      ['/hire-react-js-experts-24h/', '/es/contratar-expertos-react-24h/'],
      ['/match-dev/', '/es/match-dev/'],
      ['/partners/', '/es/socios/'],
      ['/shopify-developers/', '/es/desarrolladores-shopify/'],
      ['/ar-xr-development/', '/es/desarrollo-ar-xr/'],
      ['/app-development/', '/es/desarrollo-de-aplicaciones/'],
      ['/mvp-guide/', '/es/guia-mvp/'],
      ['/app-success-guide/', '/es/guia-exito-de-apps/'],
      ['/strategy-call/', '/es/llamada-estrategica/'],
      ['/thank-you/', '/es/gracias/'],
      ['/thank-you-guide/', '/es/gracias-guia/'],
      ['/privacy-policy/', '/es/politica-de-privacidad/'],
      ['/terms-of-service/', '/es/terminos-del-servicio/'],
      ['/404.html', '/es/404.html'],
      ...['hero', 'navbar', 'footer', 'services', 'portfolio', 'clients', 'clients-logos', 'demos', 'info'].map(
        (s) => [`/landing/${s}/`, `/es/landing/${s}/`] as [string, string],
      ),
      ...['book-meeting', 'hero_image', 'learn-more-video', 'see-devs', 'workflow'].map(
        (s) => [`/convertion-landing/${s}/`, `/es/convertion-landing/${s}/`] as [string, string],
      ),
    ];
    const file = (path: string) => (path.endsWith('/') ? `${path}index.html` : path).slice(1);
    for (const [en, es] of routes) {
      const enHtml = out.text(file(en));
      const esHtml = out.text(file(es));
      expect(enHtml, en).toContain(`hrefLang="es" href="https://southbridge.dev${es}"`);
      expect(esHtml, es).toContain(`hrefLang="en" href="https://southbridge.dev${en}"`);
      expect(esHtml, es).toContain('<html lang="es">');
    }
    const sitemap = out.text('sitemap.xml');
    expect(sitemap).not.toMatch(/landing\/|gracias|thank-you|404/);
  });

  it('has at least 20 Spanish and 8 English articles, paired by translationKey, on the topics of the spec', async () => {
    const es = readdirSync(join(ROOT, 'site/blog/es'));
    const en = readdirSync(join(ROOT, 'site/blog/en'));
    expect(es.length).toBeGreaterThanOrEqual(20);
    expect(en.length).toBeGreaterThanOrEqual(8);
    const esKeys = new Set(es.map((f) => /translationKey: (\S+)/.exec(readFileSync(join(ROOT, 'site/blog/es', f), 'utf8'))?.[1]));
    for (const f of en) expect(esKeys, f).toContain(/translationKey: (\S+)/.exec(readFileSync(join(ROOT, 'site/blog/en', f), 'utf8'))?.[1]);
    const titles = es.join(' ');
    for (const topic of ['node', 'react', 's3', 'autenticacion', 'paginacion', 'testing']) expect(titles).toContain(topic);
    expect(out.has('es/blog/feed.xml')).toBe(true);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('publishes Organization, BlogPosting and JobPosting structured data (required fields: the structured-data check)', async () => {
    const ld = async (path: string) => [...out.text(path).matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect((await ld('index.html'))[0]).toMatchObject({ '@type': 'Organization', name: 'Southbridge Dev', url: 'https://southbridge.dev/' });
    const [post] = await ld('es/blog/event-loop-de-nodejs/index.html');
    expect(post).toMatchObject({ '@type': 'BlogPosting', inLanguage: 'es', mainEntityOfPage: 'https://southbridge.dev/es/blog/event-loop-de-nodejs/' });
    expect(post.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const path of ['careers/index.html', 'es/trabaja-con-nosotros-editor-de-video/index.html']) {
      const [job] = await ld(path);
      expect(job['@type']).toBe('JobPosting');
      expect(job.jobLocationType).toBe('TELECOMMUTE');
      expect(job.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'Argentina' });
    }
  });
});
