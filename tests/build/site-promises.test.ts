import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/index.ts';
import { MemoryOutput } from '../../src/output/index.ts';
import { ROOT } from '../support/fixture.ts';

// The real site built once, into memory (only what it publishes is read): what a careful visitor
// reads, checked against site.yaml and constants.yaml.
let dir: string;
let out: MemoryOutput;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agency-site-promises-'));
  out = new MemoryOutput();
  await buildSite({ siteDir: join(ROOT, 'site'), outDir: join(dir, 'out'), cacheDir: join(dir, '.cache'), output: out });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const html = async (rel: string) => out.text(rel);
const text = (page: string) =>
  page
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
async function htmlFiles() {
  return out
    .paths()
    .filter((f) => f.endsWith('index.html') || /^(es\/)?(404|500)\.html$/.test(f))
    .sort();
}
const site = yaml.load(await readFile(join(ROOT, 'site/site.yaml'), 'utf8')) as { booking: Record<string, string> };
const constants = yaml.load(await readFile(join(ROOT, 'site/constants.yaml'), 'utf8')) as {
  timeZones: Record<string, number>;
  careers: { englishLevel: { staffAugmentation: string } };
};

describe('booking links', () => {
  it('has one link per purpose in site.yaml, all different', () => {
    expect(Object.keys(site.booking).sort()).toEqual(['freePrototype', 'partners', 'staffAugmentation', 'strategyCall']);
    expect(new Set(Object.values(site.booking)).size).toBe(4);
  });

  it('tags every booking link with the page it is on, so no two pages share one', async () => {
    const owners = new Map<string, string>();
    let links = 0;
    for (const file of await htmlFiles()) {
      const page = await html(file);
      const locale = file.startsWith('es/') ? 'es' : 'en';
      for (const [, raw] of page.matchAll(/href="(https:\/\/calendly\.com\/[^"]+)"/g)) {
        links++;
        const url = new URL(raw!.replace(/&amp;/g, '&'));
        expect(Object.values(site.booking), file).toContain(url.origin + url.pathname);
        const content = url.searchParams.get('utm_content') ?? '';
        expect(content, `${file}: ${raw}`).toMatch(new RegExp(`^${locale}:[a-z0-9:-]+$`));
        expect(url.searchParams.get('utm_medium'), raw).toMatch(/^[a-z-]+$/);
        const owner = owners.get(url.href);
        expect(owner === undefined || owner === file, `${url.href} is on ${owner} and ${file}`).toBe(true);
        owners.set(url.href, file);
      }
    }
    expect(links).toBeGreaterThan(200);
  });

  it.each([
    ['partners/index.html', 'partners'],
    ['es/socios/index.html', 'partners'],
    ['free-prototype/index.html', 'freePrototype'],
    ['es/prototipo-gratis/index.html', 'freePrototype'],
    ['hire-react-js-experts-24h/index.html', 'staffAugmentation'],
    ['es/match-dev/index.html', 'staffAugmentation'],
    ['strategy-call/index.html', 'strategyCall'],
    ['index.html', 'strategyCall'],
  ])('%s books through the %s link, tagged with its own page', async (file, purpose) => {
    const page = await html(file);
    const hrefs = [...page.matchAll(/href="(https:\/\/calendly\.com\/[^"]+)"/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const url of hrefs) {
      expect(url.origin + url.pathname).toBe(site.booking[purpose]);
      expect(url.searchParams.get('utm_campaign')).toBe(purpose);
    }
    expect(new Set(hrefs.map((u) => u.searchParams.get('utm_content'))).size).toBe(1);
  });
});

describe('page-data', () => {
  it('writes matchPath on every page-data file, null where the page has no client-only route', async () => {
    const files = out.paths().filter((f) => f.startsWith('page-data/') && f.endsWith('page-data.json'));
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const data = JSON.parse(out.text(file)) as Record<string, unknown>;
      expect(Object.hasOwn(data, 'matchPath'), file).toBe(true);
      expect(data.matchPath, file).toBeNull();
    }
  });
});

describe('claims a careful visitor checks', () => {
  const tz = constants.timeZones;
  it.each([
    [
      'index.html',
      `${tz.aheadOfNewYorkMin}–${tz.aheadOfNewYorkMax} hours ahead of New York all year`,
      /two hours|full overlap|every US time zone|in your time zone|GMT-5/i,
    ],
    [
      'es/index.html',
      `De ${tz.aheadOfNewYorkMin} a ${tz.aheadOfNewYorkMax} horas adelante de Nueva York todo el año`,
      /dos horas|todas las zonas|tu zona horaria|GMT-5/i,
    ],
    [
      'hire-react-js-experts-24h/index.html',
      `${tz.aheadOfSanFranciscoMin}–${tz.aheadOfSanFranciscoMax} ahead of San Francisco`,
      /full overlap|full day alongside|in your time zone/i,
    ],
    [
      'es/contratar-expertos-react-24h/index.html',
      `de ${tz.aheadOfSanFranciscoMin} a ${tz.aheadOfSanFranciscoMax} de San Francisco`,
      /horario compartido con EE|jornada completa con tu equipo|tu zona horaria/i,
    ],
  ])('%s states the time difference as it is all year', async (file, stated, wrong) => {
    const page = text(await html(file));
    expect(page).toContain(stated);
    expect(page).not.toMatch(wrong);
  });

  it('labels the hero drawing with both New York offsets and the one of Buenos Aires', async () => {
    const page = text(await html('index.html'));
    expect(page).toContain(`Buenos Aires · UTC−${-tz.buenosAiresUtcOffset!}`);
    expect(page).toContain(`New York · UTC−${-tz.newYorkUtcOffsetSummer!}/−${-tz.newYorkUtcOffsetWinter!}`);
  });

  it.each([
    'index.html',
    'hire-react-js-experts-24h/index.html',
    'match-dev/index.html',
    'es/contratar-expertos-react-24h/index.html',
    'es/match-dev/index.html',
  ])('%s shows the English level of staff augmentation', async (file) => {
    const level = constants.careers.englishLevel.staffAugmentation;
    expect(text(await html(file))).toMatch(new RegExp(`(English at|inglés nivel) ${level}`, 'i'));
  });

  it.each([
    [
      'free-prototype/index.html',
      'terms-of-service/index.html',
      /the code we wrote for the prototype and the idea are yours/,
      /you own the prototype we make for you: its screens, design files and the code written for it/,
    ],
    [
      'es/prototipo-gratis/index.html',
      'es/terminos-del-servicio/index.html',
      /el código que escribimos para el prototipo y la idea te pertenecen/,
      /el prototipo que preparamos para usted le pertenece: sus pantallas, sus archivos de diseño y el código escrito para él/,
    ],
  ])('%s and %s agree that the visitor owns the delivered prototype', async (offer, terms, offerSays, termsSay) => {
    expect(text(await html(offer))).toMatch(offerSays);
    const legal = text(await html(terms));
    expect(legal).toMatch(termsSay);
    expect(legal).not.toMatch(/we keep rights to the prototype code|conservamos los derechos sobre el código del prototipo/);
  });
});

describe('thank-you pages', () => {
  it.each([
    ['thank-you-newsletter/index.html', "You're subscribed"],
    ['es/gracias-newsletter/index.html', '¡Listo, tu suscripción está confirmada!'],
    ['thank-you-careers/index.html', "Application received: here's what happens next"],
    ['es/gracias-postulacion/index.html', 'Recibimos tu postulación: esto es lo que sigue'],
    ['thank-you-guide/index.html', 'Check your email: your guide is on its way'],
    ['thank-you/index.html', 'Thank you! Our team will be in touch shortly'],
  ])('%s says what happened to that form', async (file, heading) => {
    const page = await html(file);
    expect(text(/<h1[^>]*>[\s\S]*?<\/h1>/.exec(page)![0]).trim()).toBe(heading);
    expect(page).toContain('<meta name="robots" content="noindex');
  });
});
