import { readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPH_VERSION, type DependencyGraph } from '../../src/graph/index.ts';
import { PAGE_INDEX } from '../../src/render/index.ts';
import { buildFixture, cachedPageFiles, copyFixture, read } from '../support/fixture.ts';

/** The cache folder of one kind, whatever its version (versions move when a cache's format does). */
const cacheFolder = (cache: string, prefix: string) =>
  join(
    cache,
    readdirSync(cache).find((name) => name.startsWith(prefix))!,
  );

/** Every file under a folder, relative path → content, to compare two builds' out/. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const rel of readdirSync(dir, { recursive: true }) as string[]) {
    const full = join(dir, rel);
    if (statSync(full).isFile()) files[rel] = full;
  }
  return files;
}
async function contents(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [rel, full] of Object.entries(snapshot(dir)).sort()) out[rel] = await readFile(full, 'latin1');
  return out;
}
// Every cache line is a CacheReset or CachedPageDamaged warning (src/errors/README.md).
const cacheLines = (warnings: Array<{ name: string; text: string }>) =>
  warnings.filter((w) => w.text.startsWith('cache: ')).map((w) => (/^Cache(Reset|dPageDamaged)$/.test(w.name) ? w.text : `${w.name}: ${w.text}`));

describe('a damaged or foreign .cache/ is reported in one line, rebuilt, and never published', () => {
  let f: Awaited<ReturnType<typeof copyFixture>>;
  let clean: Record<string, string>;
  beforeAll(async () => {
    f = await copyFixture('basic');
    const first = await buildFixture(f);
    expect(cacheLines(first.warnings)).toEqual([]);
    clean = await contents(f.out);
  }, 60_000);
  afterAll(() => f.cleanup());

  // The home page's files in the page cache, as the dependency graph names them.
  const cachedHome = async () => {
    const graph = JSON.parse(await readFile(join(f.cache, `${GRAPH_VERSION}.json`), 'utf8')) as DependencyGraph;
    return cachedPageFiles(f.cache, graph.pages['index.html']!.key);
  };

  it('a truncated cached page is rendered again, not published', async () => {
    await truncate((await cachedHome()).html, 100);
    const report = await buildFixture(f);
    expect(cacheLines(report.warnings)).toEqual(['cache: 1 cached page did not match what was recorded at render time; rendered again']);
    expect(report.rendered).toBe(1);
    expect(await contents(f.out)).toEqual(clean);
  });

  it('a cached page changed in place (same size) is rendered again when its asset names are refilled', async () => {
    const { html } = await cachedHome();
    const text = await readFile(html, 'utf8');
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(text)![1]!;
    await writeFile(html, text.replace(stylesheet, 'x'.repeat(stylesheet.length)));
    // A CSS edit: every page keeps its render and gets the new stylesheet's name filled in.
    const css = join(f.dir, 'templates/styles/base.css');
    const before = await readFile(css, 'utf8');
    await writeFile(css, before.replace('--sun: #f6b40e;', '--sun: #f6b40f;'));
    try {
      const report = await buildFixture(f);
      expect(cacheLines(report.warnings)).toEqual(['cache: 1 cached page did not match what was recorded at render time; rendered again']);
      expect(report.rendered).toBe(1);
      const home = await read(f.out, 'index.html');
      expect(home).not.toContain('xxxx');
      expect(/<link rel="stylesheet" href="([^"]+)"/.exec(home)![1]).not.toBe(stylesheet);
    } finally {
      await writeFile(css, before);
    }
    await buildFixture(f);
    expect(await contents(f.out)).toEqual(clean);
  });

  it('cache files of a kept page gone while out/ is as recorded: a CSS edit through the change path builds again in full', async () => {
    // `build` trusts a page the change did not reach without a stat while out/ is as the last build
    // left it; the CSS edit then fills (and stages) every page from the cache, and finds these gone.
    const home = await cachedHome();
    await rm(home.html);
    await rm(home.pageData);
    const css = join(f.dir, 'templates/styles/base.css');
    const before = await readFile(css, 'utf8');
    const changedFiles = [{ path: css, kind: 'change' as const }];
    const stylesheet = (html: string) => /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1];
    const old = stylesheet(await read(f.out, 'index.html'));
    await writeFile(css, before.replace('--sun: #f6b40e;', '--sun: #f6b40f;'));
    try {
      const report = await buildFixture(f, { changedFiles });
      // The report is the second run's: one with no change to go by (every page keyed), which found the home page missing.
      expect(report.reached).toBeUndefined();
      expect(report.rendered).toBe(1);
      const now = stylesheet(await read(f.out, 'index.html'));
      expect(now).not.toBe(old);
      expect(stylesheet(await read(f.out, 'es/index.html'))).toBe(now);
      expect(await read(f.out, 'page-data/index/page-data.json')).toContain('"path":"/"');
    } finally {
      await writeFile(css, before);
    }
    await buildFixture(f, { changedFiles });
    expect(await contents(f.out)).toEqual(clean);
  });

  it('a truncated islands variant is rendered again, not published', async () => {
    expect(await read(f.out, 'page-data/index/page-data.islands.json')).toContain('"islands"');
    await truncate((await cachedHome()).islandsData!, 50);
    const report = await buildFixture(f);
    expect(cacheLines(report.warnings)).toEqual(['cache: 1 cached page did not match what was recorded at render time; rendered again']);
    expect(report.rendered).toBe(1);
    expect(await contents(f.out)).toEqual(clean);
  });

  it('a truncated social card is drawn again', async () => {
    const card = Object.values(snapshot(cacheFolder(f.cache, 'og-v'))).find((p) => p.endsWith('.jpg'))!;
    await truncate(card, 1000);
    const report = await buildFixture(f);
    expect(report.images?.socialCards).toBe(1);
    expect(await contents(f.out)).toEqual(clean);
  });

  it('an unreadable page index renders every page again', async () => {
    await writeFile(join(f.cache, PAGE_INDEX), '{"findings": {"abc": ');
    const report = await buildFixture(f);
    expect(cacheLines(report.warnings)).toEqual([
      expect.stringMatching(new RegExp(`^cache: .*${PAGE_INDEX.replaceAll('.', '\\.')} is unreadable \\(.+\\); every page is rendered again$`)),
    ]);
    expect(report.rendered).toBe(report.pages);
    expect(await contents(f.out)).toEqual(clean);
  });

  it('a truncated or foreign dependency graph is reported in one line and every page is keyed again', async () => {
    const post = join(f.site, 'blog/en/first-post.md');
    const changedFiles = [{ path: post, kind: 'change' as const }];
    for (const damage of [`{"version": "${GRAPH_VERSION}", "pages": {`, JSON.stringify({ version: 'graph-v0', pages: {}, planMessages: [] })]) {
      await writeFile(join(f.cache, `${GRAPH_VERSION}.json`), damage);
      const report = await buildFixture(f, { changedFiles });
      expect(cacheLines(report.warnings)).toEqual([
        expect.stringMatching(new RegExp(`^cache: .*${GRAPH_VERSION}\\.json is unreadable \\(.+\\); every page is keyed again$`)),
      ]);
      expect(report.reached).toBe('all');
      expect(await contents(f.out)).toEqual(clean);
    }
    // And the build wrote a good one: the next build trusts it.
    const next = await buildFixture(f, { changedFiles });
    expect(cacheLines(next.warnings)).toEqual([]);
  });

  it('truncated parse caches are parsed again without a word', async () => {
    await writeFile(join(f.cache, 'content-v2.json'), '{"posts": [');
    const markdown = cacheFolder(f.cache, 'markdown-v');
    for (const name of readdirSync(markdown)) await truncate(join(markdown, name), 10);
    const report = await buildFixture(f);
    expect(cacheLines(report.warnings)).toEqual([]);
    expect(await contents(f.out)).toEqual(clean);
  });

  it.each([
    [
      'another version',
      { version: 'agency-site-cache-0', site: 'Southbridge Dev', locales: ['en', 'es'] },
      /was written by another version of agency-site \(agency-site-cache-0\)/,
    ],
    ['another site', { version: 'agency-site-cache-1', site: 'Some Other Shop', locales: ['en'] }, /belongs to another site \("Some Other Shop"\)/],
    ['a damaged marker', '{"version": "agency-', /CACHEDIR\.json is unreadable/],
  ])(
    'a cache from %s is emptied and rebuilt',
    async (_name, marker, line) => {
      await writeFile(join(f.cache, 'CACHEDIR.json'), typeof marker === 'string' ? marker : JSON.stringify(marker));
      // Entries a build leaves beside the pages, and what a write stopped half-way left: none of it survives.
      const planted = ['code-cache-v1/build-entry.bin', '.graph-v4.json.4242.7.tmp', 'yaml-v1.json', 'numbers-v1.json', 'client-gzip-sizes.json'];
      await mkdir(join(f.cache, 'code-cache-v1'), { recursive: true });
      for (const name of planted) await writeFile(join(f.cache, name), '{"planted": "by the other cache"}');
      const report = await buildFixture(f);
      for (const name of planted) expect(await readFile(join(f.cache, name), 'utf8').catch(() => 'gone')).not.toContain('planted');
      expect(cacheLines(report.warnings)).toEqual([expect.stringMatching(new RegExp(`^cache: .*${line.source}.*; rebuilt from scratch$`))]);
      expect(report.rendered).toBe(report.pages);
      expect(await contents(f.out)).toEqual(clean);
      expect(cacheLines((await buildFixture(f)).warnings)).toEqual([]);
    },
    60_000,
  );
});
