import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild, type BuildReport } from '../../src/build/index.ts';
import { sweepCache } from '../../src/build/cache-sweep.ts';
import { buildFixture, copyFixture } from '../support/fixture.ts';

/** The files of the content-named caches, relative to .cache/: two caches of the same sources name the same files. */
function cachedFiles(cache: string): string[] {
  return readdirSync(cache)
    .filter((name) => /^(pages|markdown|og|images|files|compressed)-v|^(templates|sw)$/.test(name))
    .flatMap((folder) =>
      (readdirSync(join(cache, folder), { recursive: true }) as string[])
        .filter((rel) => statSync(join(cache, folder, rel)).isFile())
        .map((rel) => `${folder}/${rel}`),
    )
    .sort();
}

/** The files a cold build of the same sources stores, in a cache of its own. */
async function coldCacheOf(f: { dir: string; site: string }): Promise<string[]> {
  const other = await mkdtemp(join(tmpdir(), 'agency-site-sweep-cold-'));
  try {
    await buildFixture({ dir: f.dir, site: f.site, out: join(other, 'out'), cache: join(other, '.cache') });
    return cachedFiles(join(other, '.cache'));
  } finally {
    await rm(other, { recursive: true, force: true });
  }
}

async function rewrite(file: string, from: string | RegExp, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (!text.match(from)) throw new Error(`${file} no longer contains ${String(from)}`);
  await writeFile(file, text.replace(from, to));
}

// A count of files stored since the last sweep large enough that the next build sweeps (the fixture is too small to reach it in a few builds).
const sweepDue = (cache: string) => writeFileSync(join(cache, 'sweep-v1.json'), JSON.stringify({ stored: 100_000 }));
/** How many files each cache folder holds. */
const perFolder = (files: string[]) => {
  const counts: Record<string, number> = {};
  for (const file of files) counts[file.split('/')[0]!] = (counts[file.split('/')[0]!] ?? 0) + 1;
  return counts;
};
const storedIn = (cache: string) => (JSON.parse(readFileSync(join(cache, 'sweep-v1.json'), 'utf8')) as { stored: number }).stored;
const nothingStored = (report: BuildReport) => [report.rendered, report.parsedMarkdown, report.images?.socialCards, report.images?.processed];

describe('the cache keeps what the last build uses, and sweeps the rest once enough was stored', () => {
  let f: Awaited<ReturnType<typeof copyFixture>>;
  let footer: string;
  let post: string;
  let firstCache: string[];
  let renderedByBodyEdit = 0;
  beforeAll(async () => {
    f = await copyFixture('basic');
    footer = join(f.dir, 'templates/components/Footer.tsx');
    post = join(f.site, 'blog/en/first-post.md');
    await buildFixture(f);
    firstCache = cachedFiles(f.cache);
  }, 60_000);
  afterAll(() => f.cleanup());

  it('a build counts what it stored, and once a quarter of the cache was stored since the last sweep, removes what no page uses', async () => {
    expect(storedIn(f.cache)).toBe(0);
    await rewrite(footer, '<footer className="footer">', '<footer className="footer" data-edition="1">');
    const report = await buildFixture(f);
    const stored = report.rendered * 3 + report.parsedMarkdown + report.images!.socialCards + report.images!.processed;
    expect(report.rendered).toBe(report.pages);
    expect(report.cacheSwept).toBeUndefined();
    expect(storedIn(f.cache)).toBe(stored);
    // The earlier files stay until the count reaches a quarter of the files in use, or 256 on a
    // site this small: one more such build short of it, the next reaches it.
    writeFileSync(join(f.cache, 'sweep-v1.json'), JSON.stringify({ stored: 256 - stored - 1 }));
    await rewrite(footer, 'data-edition="1"', 'data-edition="2"');
    expect((await buildFixture(f)).cacheSwept).toBeUndefined();
    expect(storedIn(f.cache)).toBe(255);
    await rewrite(footer, 'data-edition="2"', 'data-edition="3"');
    expect((await buildFixture(f)).cacheSwept?.files).toBeGreaterThan(2 * report.pages);
    expect(storedIn(f.cache)).toBe(0);
    // As many files in each folder as the first build stored: a footer edit changes every page, no tree and no card.
    expect(perFolder(cachedFiles(f.cache))).toEqual(perFolder(firstCache));
  });

  it('after edits that re-render every page, `build` removes what no page uses: the cache equals a cold build’s, and the next build stores nothing', async () => {
    // An earlier version's folders and a file agency-site did not write.
    mkdirSync(join(f.cache, 'pages-v7/ab'), { recursive: true });
    writeFileSync(join(f.cache, 'pages-v7/ab/old.html'), '<p>an older cache</p>');
    mkdirSync(join(f.cache, 'markdown-v3'));
    // State files an earlier version wrote beside the current ones (source-stamps-v3.json, content-v3.json).
    writeFileSync(join(f.cache, 'source-stamps-v2.json'), '{}');
    writeFileSync(join(f.cache, 'content-v1.json'), '{}');
    writeFileSync(join(f.cache, 'notes.txt'), 'mine');
    await rewrite(footer, / data-edition="\d+"/, ' data-edition="final"');
    // A CSS edit too: new compressed copies of the stylesheet, and a new sw.js (it precaches it).
    await rewrite(join(f.dir, 'templates/styles/base.css'), '--sun: #f6b40e;', '--sun: #f6b40f;');
    await buildFixture(f);
    await rewrite(post, 'title: First post', 'title: The first post, retitled');
    await rewrite(post, '## Hello', '## Hello again');
    sweepDue(f.cache);

    const report = await buildFixture(f);
    expect(report.cacheSwept?.files).toBeGreaterThan(report.pages);
    expect(cachedFiles(f.cache)).toEqual(await coldCacheOf(f));
    expect(existsSync(join(f.cache, 'pages-v7')) || existsSync(join(f.cache, 'markdown-v3'))).toBe(false);
    expect(existsSync(join(f.cache, 'source-stamps-v2.json')) || existsSync(join(f.cache, 'content-v1.json'))).toBe(false);
    expect(existsSync(join(f.cache, 'source-stamps-v3.json')) && existsSync(join(f.cache, 'content-v3.json'))).toBe(true);
    expect(readFileSync(join(f.cache, 'notes.txt'), 'utf8')).toBe('mine');
    expect(storedIn(f.cache)).toBe(0);

    const next = await buildFixture(f, { outDir: join(f.dir, 'out-next') });
    expect(nothingStored(next)).toEqual([0, 0, 0, 0]);
    expect(next.cacheSwept).toBeUndefined();
  });

  it('a build that stored little leaves the cache as it is and adds what it stored to the count', async () => {
    const trees = () => cachedFiles(f.cache).filter((file) => file.startsWith('markdown'));
    const before = trees();
    await rewrite(post, '## Hello again', '## Hello, once more');
    const report = await buildFixture(f);
    renderedByBodyEdit = report.rendered;
    // The edited post's earlier tree stays beside its new one.
    expect(trees()).toEqual(expect.arrayContaining(before));
    expect(trees().length).toBe(before.length + 1);
    expect(report.cacheSwept).toBeUndefined();
    expect(report.rendered).toBeGreaterThan(0);
    expect(storedIn(f.cache)).toBe(report.rendered * 3 + report.parsedMarkdown + report.images!.socialCards + report.images!.processed);
  });

  it('a sweep stops between batches of removals when asked, and the next one removes the rest', async () => {
    const before = cachedFiles(f.cache);
    const junk = join(f.cache, 'pages-v8/zz');
    mkdirSync(junk, { recursive: true });
    for (let i = 0; i < 100; i++) writeFileSync(join(junk, `junk-${i}.html`), 'x');
    const { state } = await runBuild({ siteDir: f.site, outDir: f.out, cacheDir: f.cache, workers: 0, lock: 'read' });
    let asked = 0;
    const first = await sweepCache(f.cache, state, () => asked++ > 0);
    expect(first.stopped).toBe(true);
    expect(first.files).toBe(64);
    expect(readdirSync(junk).length + first.files).toBeGreaterThanOrEqual(100 - 1);
    const rest = await sweepCache(f.cache, state);
    expect(rest.stopped).toBe(false);
    expect(existsSync(junk) ? readdirSync(junk) : []).toEqual([]);
    // And what the last test's edit replaced: the post's earlier tree and its pages' earlier files, nothing else.
    const gone = before.filter((file) => !cachedFiles(f.cache).includes(file));
    expect(gone.filter((file) => file.startsWith('markdown'))).toHaveLength(1);
    expect(gone.filter((file) => file.startsWith('pages')).length).toBeGreaterThan(0);
    expect(gone.filter((file) => file.startsWith('pages')).length).toBeLessThanOrEqual(3 * renderedByBodyEdit);
    expect(gone.filter((file) => !/^(markdown|pages)/.test(file))).toEqual([]);
  });

  it('serve --watch sweeps once the saves pause', async () => {
    let swept: (value: unknown) => void = () => undefined;
    const sweptNow = new Promise((resolve) => (swept = resolve));
    const session = f.watch({}, { onSwept: swept });
    await session.build();
    await rewrite(footer, ' data-edition="final"', '');
    await rewrite(post, 'title: The first post, retitled', 'title: First post');
    await rewrite(post, '## Hello, once more', '## Hello');
    const css = join(f.dir, 'templates/styles/base.css');
    await rewrite(css, '--sun: #f6b40f;', '--sun: #f6b40e;');
    sweepDue(f.cache);
    const report = await session.build([footer, post, css]);
    expect(report.rendered).toBe(report.pages);
    await sweptNow;
    // The sources are the first build's again, and so is the cache.
    expect(cachedFiles(f.cache)).toEqual(firstCache);
    session.flush();
  }, 30_000);

  it('a build whose count cannot be written still succeeds: the cache only stays as it is', async () => {
    rmSync(join(f.cache, 'sweep-v1.json'));
    mkdirSync(join(f.cache, 'sweep-v1.json'));
    await rewrite(footer, '<footer className="footer">', '<footer className="footer" data-edition="unswept">');
    const report = await buildFixture(f);
    expect(report.rendered).toBe(report.pages);
    expect(report.cacheSwept).toBeUndefined();
    expect(readFileSync(join(f.out, 'index.html'), 'utf8')).toContain('data-edition="unswept"');
  });
});
