import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport, type BuildReport } from '../../src/build/index.ts';
import { MemoryOutput } from '../../src/output/index.ts';
import { GRAPH_VERSION } from '../../src/graph/index.ts';
import { PAGE_INDEX } from '../../src/render/index.ts';
import type { PageData } from '../../src/shared/page-data.ts';
import { allMatches, buildFixture, cachedPageFiles, copyFixture, read } from '../support/fixture.ts';
import { checkUnchanged } from '../../src/build/skip-unchanged.ts';

let fixture: Awaited<ReturnType<typeof copyFixture>>;
let report: BuildReport;
// The first block only reads what the build publishes: it builds into memory, out/ stays untouched.
let out: MemoryOutput;

beforeAll(async () => {
  fixture = await copyFixture('basic');
  out = new MemoryOutput();
  report = await buildFixture(fixture, { output: out });
});
afterAll(() => fixture.cleanup());

const html = async (rel: string) => out.text(rel);
const pageData = async (folder: string) => JSON.parse(out.text(`page-data/${folder}/page-data.json`)) as PageData;
/** Whether the build published a file, or any file under a folder (`es/english-only`). */
const published = (rel: string) => out.has(rel) || out.paths().some((p) => p.startsWith(`${rel}/`));

describe('a built fixture site', () => {
  it('writes every page in both languages, English unprefixed, Spanish under /es/ with its own slug', async () => {
    for (const file of [
      'index.html',
      'es/index.html',
      'careers/index.html',
      'es/trabaja-con-nosotros/index.html',
      'blog/index.html',
      'es/blog/index.html',
      '404.html',
      'es/404.html',
    ]) {
      expect(published(file), file).toBe(true);
    }
    expect(published('en')).toBe(false);
    expect(published('sw.js')).toBe(true);
    expect(existsSync(fixture.out)).toBe(false);
    // English lists the two Spanish-only posts too: a second list page.
    expect(report.pagesByLocale).toEqual({ en: 8, es: 9 });
  });

  it('gives each page lang, a self canonical, reciprocal hreflang with x-default and og:locale', async () => {
    const es = await html('es/trabaja-con-nosotros/index.html');
    expect(es).toContain('<html lang="es">');
    expect(es).toContain('<link rel="canonical" href="https://fixture.example/es/trabaja-con-nosotros/"/>');
    expect(allMatches(es, /<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/)).toEqual([
      ['en', 'https://fixture.example/careers/'],
      ['es', 'https://fixture.example/es/trabaja-con-nosotros/'],
      ['x-default', 'https://fixture.example/careers/'],
    ]);
    expect(es).toContain('<meta property="og:locale" content="es_AR"/>');
    expect(es).toContain('<meta property="og:locale:alternate" content="en_US"/>');
    const en = await html('careers/index.html');
    expect(en).toContain('<meta property="og:locale" content="en_US"/>');
    expect(en).toContain('hrefLang="es" href="https://fixture.example/es/trabaja-con-nosotros/"');
  });

  it('offers only the languages a page exists in', async () => {
    const page = await html('english-only/index.html');
    expect(allMatches(page, /<link rel="alternate" hrefLang="([^"]+)"/).flat()).toEqual(['en', 'x-default']);
    // The switcher offers Spanish anyway: its home page, saying the page has no translation.
    expect(page).toMatch(/<a href="\/es\/" hrefLang="es"><span lang="es">Español<\/span>/);
    expect(page).not.toContain('og:locale:alternate');
    expect(published('es/english-only')).toBe(false);
  });

  it('pairs post translations through translationKey and links the other language', async () => {
    const en = await html('blog/first-post/index.html');
    expect(en).toContain('hrefLang="es" href="https://fixture.example/es/blog/primer-articulo/"');
    expect(en).toMatch(/<a href="\/es\/blog\/primer-articulo\/" hrefLang="es" lang="es">/);
    const solo = await html('es/blog/solo-en-espanol/index.html');
    expect(allMatches(solo, /<link rel="alternate" hrefLang="([^"]+)"/).flat()).toEqual(['es', 'x-default']);
  });

  it('renders markdown with highlighting, heading ids and the CTA component', async () => {
    const post = await html('blog/first-post/index.html');
    expect(post).toContain('<h2 id="hello">Hello</h2>');
    expect(post).toContain('<span class="hljs-keyword">const</span>');
    expect(post).toContain('class="cta-box"');
    expect(post).toContain('<time dateTime="2026-01-10">January 10, 2026</time>');
    expect(await html('es/blog/primer-articulo/index.html')).toContain('<time dateTime="2026-01-10">10 de enero de 2026</time>');
  });

  it('resolves constants in YAML, collections, messages and markdown', async () => {
    expect(await html('index.html')).toContain('Fixture developers in 24 hours');
    expect(await html('index.html')).toContain('Developers in 24 hours.');
    expect(await html('es/index.html')).toContain('Desarrolladores en 24 horas.');
    expect(await html('careers/index.html')).toContain('15 days of paid time off');
  });

  it("writes a post's body in its page-data as the tree the parsed-post cache holds, in place in the post's data", async () => {
    const data = await pageData('blog/first-post');
    const body = (data.result.data as { post: { title: string; body: { type: string; children: Array<{ tagName?: string }> } } }).post;
    expect(body.title).toBe('First post');
    expect(body.body.type).toBe('root');
    expect(body.body.children.map((c) => c.tagName).filter(Boolean)).toEqual(expect.arrayContaining(['h2', 'p', 'pre']));
    // The cache's first line is that tree's JSON: the page-data text holds it as it is.
    const cacheDir = join(
      fixture.cache,
      readdirSync(fixture.cache).find((d) => d.startsWith('markdown-v'))!,
    );
    const trees = readdirSync(cacheDir).map((file) => readFileSync(join(cacheDir, file), 'utf8').split('\n')[0]!);
    expect(trees).toContain(JSON.stringify(body.body));
    expect(out.text('page-data/blog/first-post/page-data.json')).toContain(JSON.stringify(body.body));
  });

  it('writes page-data in the spec shape with this build hash and the locale in pageContext', async () => {
    const data = await pageData('es/trabaja-con-nosotros');
    expect(Object.keys(data).sort()).toEqual(['componentChunkName', 'matchPath', 'path', 'result', 'slicesMap', 'staticQueryHashes', 'webpackCompilationHash']);
    expect(data.matchPath).toBeNull();
    expect(data.componentChunkName).toBe('component---templates-pages-document-tsx');
    expect(data.path).toBe('/es/trabaja-con-nosotros/');
    expect(data.result.pageContext.locale).toBe('es');
    const app = JSON.parse(out.text('page-data/app-data.json'));
    expect(data.webpackCompilationHash).toBe(app.webpackCompilationHash);
    expect((await pageData('index')).path).toBe('/');
  });

  it('shares messages as sq/d files named by locale and navbar/footer as slices, one locale each', async () => {
    const data = await pageData('es/blog');
    const [hash] = data.staticQueryHashes;
    const shared = JSON.parse(out.text(`page-data/sq/d/${hash}.json`));
    expect(shared.locale).toBe('es');
    expect(shared.messages['blog.written-on']).toBe('Escrito el');
    expect(JSON.stringify(shared)).not.toContain('Written on');
    expect(data.slicesMap).toEqual({ navbar: 'navbar-es', footer: 'footer-es' });
    const navbar = JSON.parse(out.text('slice-data/navbar-es.json'));
    expect(navbar.links).toEqual([
      { label: 'Servicios', href: '/es/#services' },
      { label: 'Blog', href: '/es/blog/' },
    ]);
  });

  it('paginates the post list per locale and skips drafts', async () => {
    const esList = await pageData('es/blog');
    expect((esList.result.data as { posts: Array<{ title: string }> }).posts.map((p) => p.title)).toEqual(['Solo en español', 'Primer artículo']);
    expect(published('es/blog/page/2/index.html')).toBe(true);
    expect(published('blog/unfinished')).toBe(false);
    expect(report.warnings.filter((w) => w.name === 'DraftSkipped')).toEqual([
      { name: 'DraftSkipped', text: expect.stringMatching(/^draft skipped: .*site\/blog\/en\/unfinished\.md$/) },
    ]);
  });

  it('lists every message fallback in the report', () => {
    expect(report.warnings).toContainEqual({ name: 'MessageFallback', text: 'es: message "landing.services.title" is missing; using the en text' });
    expect(
      report.warnings.some((w) => w.name === 'MessageMissingEverywhere' && w.text.startsWith('message "') && w.text.includes('missing in every locale')),
    ).toBe(true);
  });

  it('warns about links to pages that do not exist, also when pages come from the cache', async () => {
    const link = 'es: a template links to page "hire-react-js-experts-24h", which does not exist';
    expect(report.warnings.some((w) => w.name === 'TemplateLinkToMissingPage' && w.text.startsWith(link))).toBe(true);
    const again = await buildFixture(fixture, { output: new MemoryOutput() });
    expect(again.rendered).toBe(0);
    expect(again.warnings.some((w) => w.name === 'TemplateLinkToMissingPage' && w.text.startsWith(link))).toBe(true);
  });

  it('writes a sitemap with hreflang alternates and without previews or error pages', async () => {
    const sitemap = out.text('sitemap.xml');
    expect(sitemap).toContain('<loc>https://fixture.example/careers/</loc>');
    expect(sitemap).toContain('<xhtml:link rel="alternate" hreflang="es" href="https://fixture.example/es/trabaja-con-nosotros/"/>');
    expect(sitemap).not.toContain('landing/hero');
    expect(sitemap).not.toContain('404');
    expect(await html('landing/hero/index.html')).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(out.text('robots.txt')).toContain('Sitemap: https://fixture.example/sitemap.xml');
  });

  it('writes an Atom feed per locale', async () => {
    const feed = out.text('es/blog/feed.xml');
    expect(feed).toContain('xml:lang="es"');
    expect(feed).toContain('<link href="https://fixture.example/es/blog/primer-articulo/"/>');
    expect(feed).not.toContain('first-post');
  });

  it('has a 404 page in each language with a link home', async () => {
    expect(await html('es/404.html')).toMatch(/<a class="button" href="\/es\/">/);
    expect(await html('404.html')).toMatch(/<a class="button" href="\/">/);
  });
});

describe('the build cache', () => {
  it('renders nothing on a second build and only what a change affects', async () => {
    const f = await copyFixture('basic');
    try {
      const cold = await buildFixture(f);
      expect(cold.rendered).toBe(cold.pages);
      const warm = await buildFixture(f);
      expect(warm.rendered).toBe(0);
      expect(warm.parsedMarkdown).toBe(0);
      expect(warm.upToDate).toBe(true);
      expect(await read(f.out, 'index.html')).toContain('Fixture developers');

      // A file removed from out/ by hand is noticed and written again.
      await rm(join(f.out, 'es/blog/feed.xml'));
      const repaired = await buildFixture(f);
      expect(repaired.upToDate).toBe(false);
      expect(repaired.rendered).toBe(0);
      expect(existsSync(join(f.out, 'es/blog/feed.xml'))).toBe(true);

      // A Spanish message changes: only the Spanish pages that show it (the posts' dates) render again.
      const es = await read(f.dir, 'locales/es.yaml');
      await writeFile(join(f.dir, 'locales/es.yaml'), es.replace('Escrito el', 'Publicado el'));
      const afterMessage = await buildFixture(f);
      expect(afterMessage.rendered).toBeGreaterThan(0);
      expect(afterMessage.rendered).toBeLessThan(afterMessage.pagesByLocale.es!);
      expect(await read(f.out, 'es/blog/primer-articulo/index.html')).toContain('Publicado el');

      // One post changes: that post, and the lists that show its title, render again.
      const post = await read(f.site, 'blog/en/first-post.md');
      await writeFile(join(f.site, 'blog/en/first-post.md'), post.replace('## Hello', '## Hello again'));
      const afterPost = await buildFixture(f);
      expect(afterPost.rendered).toBe(1);
      expect(afterPost.parsedMarkdown).toBe(1);
      expect(await read(f.out, 'blog/first-post/index.html')).toContain('Hello again');
    } finally {
      await f.cleanup();
    }
  });

  it("keys only the pages that show a post whose listed fields changed (the saved graph's fingerprint), and every page when it moved", async () => {
    const f = await copyFixture('basic');
    try {
      await buildFixture(f);
      // As `agency-site build` runs: the inputs whose stamps changed, and no state in memory.
      const edit = async (from: string, to: string) => {
        const text = await read(f.site, 'blog/en/first-post.md');
        await writeFile(join(f.site, 'blog/en/first-post.md'), text.replace(from, to));
        const skip = checkUnchanged({ siteDir: f.site, outDir: f.out, cacheDir: f.cache });
        return buildFixture(f, { changedFiles: skip.changes! });
      };
      const title = await edit('title: First post', 'title: First post, renamed');
      // The post, its translation (alternates) and the English list.
      expect(title.reached).toBe(3);
      expect(await read(f.out, 'blog/index.html')).toContain('First post, renamed');
      expect(await read(f.out, 'blog/first-post/index.html')).toContain('First post, renamed');
      const date = await edit('date: 2026-01-10', 'date: 2026-01-11');
      expect(date.reached).toBe('all');
      expect(await read(f.out, 'blog/first-post/index.html')).toContain('2026-01-11');
    } finally {
      await f.cleanup();
    }
  });

  it('in a watch session, updates out/ file by file: only what changed is written, what is gone is removed', async () => {
    const f = await copyFixture('basic');
    try {
      const session = f.watch();
      const first = await session.build();
      // A file out/ never had from the build: a staged build would drop it with the old folder.
      await writeFile(join(f.out, 'kept-by-in-place.txt'), 'still here');

      const es = join(f.dir, 'locales/es.yaml');
      await writeFile(es, (await read(f.dir, 'locales/es.yaml')).replace('Escrito el', 'Publicado el'));
      const message = await session.build([es]);
      expect(message.stages.map((s) => s.name)).toContain('updating files in place');
      expect(message.filesWritten).toBeGreaterThan(0);
      expect(message.filesWritten).toBeLessThan(first.filesWritten / 2);
      expect(await read(f.out, 'es/blog/primer-articulo/index.html')).toContain('Publicado el');
      expect(await read(f.out, 'blog/first-post/index.html')).toContain('Written on');
      expect(await read(f.out, 'kept-by-in-place.txt')).toBe('still here');

      // A page that no longer exists leaves out/.
      expect(existsSync(join(f.out, 'english-only/index.html'))).toBe(true);
      await rm(join(f.site, 'pages/english-only.yaml'));
      await session.build([join(f.site, 'pages/english-only.yaml')]);
      expect(existsSync(join(f.out, 'english-only/index.html'))).toBe(false);
      expect(existsSync(join(f.out, 'page-data/english-only/page-data.json'))).toBe(false);

      // Whatever the session did, a plain build afterwards (the session's caches saved, as when serve
      // stops) finds out/ exactly as it would write it.
      session.flush();
      expect((await buildFixture(f)).upToDate).toBe(true);
    } finally {
      await f.cleanup();
    }
  });
});

describe('islands and full hydration', () => {
  it('writes page-data.islands.json beside page-data.json unless the template opts out, and reports which pages use which', async () => {
    const f = await copyFixture('basic');
    try {
      const template = join(f.dir, 'templates/pages/not-found.tsx');
      await writeFile(template, (await read(f.dir, 'templates/pages/not-found.tsx')) + "\nexport const hydration = 'full';\n");
      const built = await buildFixture(f);
      // The fixture's 404 pages and its section preview use the not-found template.
      expect(built.hydration!.full.sort()).toEqual(['/404.html', '/es/404.html', '/es/landing/hero/', '/landing/hero/']);
      expect(built.hydration!.islands).toHaveLength(built.pages - 4);
      expect(built.hydration!.islands).toEqual(expect.arrayContaining(['/', '/es/', '/blog/', '/careers/']));
      // Opted out: page-data.json only, the whole page hydrates, its template chunk is preloaded.
      expect(existsSync(join(f.out, 'page-data/404.html/page-data.json'))).toBe(true);
      expect(existsSync(join(f.out, 'page-data/404.html/page-data.islands.json'))).toBe(false);
      const notFound = await read(f.out, '404.html');
      expect(notFound).toContain('<div id="root" data-hydration="full">');
      expect(notFound).toMatch(/rel="modulepreload" href="\/assets\/chunks\/not-found\.\w+\.js"/);
      // Islands: the variant, and no template chunk preloaded (React comes with the first island).
      const home = await read(f.out, 'index.html');
      expect(home).toContain('<div id="root" data-hydration="islands">');
      expect(home).not.toMatch(/modulepreload" href="\/assets\/chunks\//);
      const variant = JSON.parse(await read(f.out, 'page-data/index/page-data.islands.json'));
      expect(variant.islands).toEqual([
        {
          name: 'contact-form',
          chunks: expect.arrayContaining([expect.stringMatching(/^\/assets\/chunks\/contact-form\.\w+\.js$/)]),
          hydrate: 'visible',
          props: { requirePhone: false },
        },
      ]);
      expect(formatReport(built)).toMatch(/hydration: 13 pages islands \(page-data\.islands\.json\), 4 full \(page-data\.json\): .*\/es\/404\.html/);
      expect(formatReport(built)).toMatch(/JavaScript \(gzip\): [\d.]+ KB on the first load of every island page \(the runtime, no React\)/);
    } finally {
      await f.cleanup();
    }
  });
});

describe('rendering in worker threads', () => {
  it('writes the same pages as rendering in one thread, with this thread joining the workers once the cards are drawn', async () => {
    const f = await copyFixture('basic');
    try {
      // Enough pages that the workers and this thread each render some.
      const post = await read(f.site, 'blog/en/first-post.md');
      for (let i = 1; i <= 60; i++)
        await writeFile(
          join(f.site, `blog/en/more-${i}.md`),
          `${post.replace('title: First post', `title: Post number ${i}`).replace('translationKey: first', `translationKey: more-${i}`)}\nThis is post number ${i} of sixty.\n`,
        );
      const alone = await buildFixture(f, { workers: 0 });
      const files = (await readdir(f.out, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && /\.(html|json)$/.test(e.name))
        .map((e) => join(e.parentPath, e.name).slice(f.out.length + 1))
        .sort();
      expect(files.length).toBeGreaterThan(150);
      for (const workers of [1, 2]) {
        const outDir = join(f.dir, `out-workers-${workers}`);
        const pooled = await buildFixture(f, { workers, cacheDir: join(f.dir, `cache-workers-${workers}`), outDir });
        for (const file of files) expect(await read(outDir, file), `${file}, ${workers} workers`).toBe(await read(f.out, file));
        // Each body parsed once, whichever thread parsed it.
        expect(pooled.rendered).toBe(alone.rendered);
        expect(pooled.parsedMarkdown, `${workers} workers`).toBe(alone.parsedMarkdown);
      }
    } finally {
      await f.cleanup();
    }
  });

  it('fails, with out/ untouched, when a rendered page cannot be stored, in worker threads and in one thread', async () => {
    const f = await copyFixture('basic');
    try {
      for (const workers of [2, 0]) {
        const cacheDir = join(f.dir, `cache-blocked-${workers}`);
        const outDir = join(f.dir, `out-blocked-${workers}`);
        await buildFixture(f, { workers, cacheDir, outDir: join(f.dir, 'out-first') });
        // Each cached page's HTML file becomes a folder: the pages count as damaged, render again,
        // and storing them fails, in a worker or in this thread.
        const index = join(cacheDir, PAGE_INDEX);
        const indexBefore = statSync(index).mtimeMs;
        for (const key of Object.keys((JSON.parse(await read(cacheDir, PAGE_INDEX)) as { pages: object }).pages)) {
          const { html } = await cachedPageFiles(cacheDir, key);
          await rm(html);
          await mkdir(html);
        }
        await expect(buildFixture(f, { workers, cacheDir, outDir })).rejects.toThrow(/EISDIR: illegal operation on a directory, open '.*\.html'/);
        expect(existsSync(outDir), `workers: ${workers}`).toBe(false);
        // Failed while rendering: no page was recorded as stored.
        expect(statSync(index).mtimeMs, `workers: ${workers}`).toBe(indexBefore);
      }
    } finally {
      await f.cleanup();
    }
  });
});

describe('a build session (serve --watch)', () => {
  it('takes the pages from the last build after a post-only save, and reads them again when a page is saved with a post', async () => {
    const f = await copyFixture('basic');
    try {
      const session = f.watch();
      await session.build();
      const post = join(f.site, 'blog/en/first-post.md');
      const page = join(f.site, 'pages/careers.yaml');
      const postText = await read(f.site, 'blog/en/first-post.md');
      await writeFile(post, postText.replace('## Hello', '## Hello, post only'));
      await session.build([post]);
      expect(await read(f.out, 'blog/first-post/index.html')).toContain('Hello, post only');
      expect(await read(f.out, 'careers/index.html')).toContain('<title>Careers');

      // One save of both: the page's new title is read, not the last build's.
      await writeFile(post, postText.replace('## Hello', '## Hello, with a page'));
      await writeFile(page, (await read(f.site, 'pages/careers.yaml')).replace('title: Careers,', 'title: Careers at Southbridge,'));
      await session.build([post, page]);
      expect(await read(f.out, 'blog/first-post/index.html')).toContain('Hello, with a page');
      expect(await read(f.out, 'careers/index.html')).toContain('<title>Careers at Southbridge');
      session.flush();
      expect((await buildFixture(f)).upToDate).toBe(true);
    } finally {
      await f.cleanup();
    }
  });

  it('saves its caches once the saves pause, one save for a burst, or at once on flush()', async () => {
    const f = await copyFixture('basic');
    try {
      const session = f.watch();
      await session.build();
      const saved = () => [`${GRAPH_VERSION}.json`, 'last-build.json', PAGE_INDEX].map((name) => statSync(join(f.cache, name)).mtimeMs);
      const first = saved();
      const file = join(f.site, 'blog/en/first-post.md');
      const text = await read(f.site, 'blog/en/first-post.md');
      // A burst of three saves, each rebuilt: nothing is written to the cache while they come.
      for (const n of [1, 2, 3]) {
        await writeFile(file, text.replace('## Hello', `## Hello, take ${n}`));
        await session.build([file]);
        expect(saved(), `after save ${n}`).toEqual(first);
      }
      // A plain build run now would not find the session's caches; once the saves pause, it does.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const paused = saved();
      paused.forEach((mtime, i) => expect(mtime).toBeGreaterThan(first[i]!));
      expect((await buildFixture(f)).upToDate).toBe(true);

      // serve stopping right after a save: flush() writes them before the process ends.
      await writeFile(file, text.replace('## Hello', '## Hello, once more'));
      await session.build([file]);
      const beforeFlush = saved();
      session.flush();
      saved().forEach((mtime, i) => expect(mtime).toBeGreaterThan(beforeFlush[i]!));
      const after = await buildFixture(f);
      expect(after.upToDate).toBe(true);
      expect(after.rendered).toBe(0);
    } finally {
      await f.cleanup();
    }
  });

  it('re-renders only the post whose body changed, in place, replans for a title, and leaves out/ as a build would', async () => {
    const f = await copyFixture('basic');
    try {
      const session = f.watch();
      await session.build();
      const file = join(f.site, 'blog/en/first-post.md');
      const text = await read(f.site, 'blog/en/first-post.md');

      await writeFile(file, text.replace('## Hello', '## Hello, body only'));
      const body = await session.build([file]);
      // The same pipeline, entered at rendering: the plan stands, one page is keyed and rendered.
      expect(body.stages.map((s) => s.name).filter((s) => s.startsWith('planning'))).toEqual([]);
      expect(body.rendered).toBe(1);
      // The post, the list page that shows it (its reading time could change) and its translation (alternates).
      expect(body.reached).toBe(3);
      expect(await read(f.out, 'blog/first-post/index.html')).toContain('Hello, body only');
      expect(await read(f.out, 'page-data/blog/first-post/page-data.json')).toContain('Hello, body only');
      expect(await read(f.out, 'page-data/blog/first-post/page-data.islands.json')).toContain('Hello, body only');

      // A title also appears in the list and the feed: the blog is planned again (not the other pages).
      const renamed = text.replace('title: First post', 'title: First post, renamed');
      await writeFile(file, renamed);
      const title = await session.build([file]);
      expect(title.stages.map((s) => s.name)).toContain('planning the blog');
      expect(await read(f.out, 'blog/index.html')).toContain('First post, renamed');
      expect(await read(f.out, 'blog/feed.xml')).toContain('First post, renamed');

      await writeFile(file, renamed.replace('## Hello', '## Hello again'));
      expect((await session.build([file])).stages.map((s) => s.name).filter((s) => s.startsWith('planning'))).toEqual([]);
      // The session recorded out/ like any build (saved once its saves pause, or now): a plain build finds nothing to write.
      session.flush();
      const after = await buildFixture(f);
      expect(after.upToDate).toBe(true);
      expect(await read(f.out, 'blog/first-post/index.html')).toContain('Hello again');
    } finally {
      await f.cleanup();
    }
  });
});

describe('what an edit of the code costs', () => {
  /** The out/ pages (page-data.json) made with each template. */
  async function pagesByTemplate(out: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const entry of await readdir(join(out, 'page-data'), { recursive: true, withFileTypes: true })) {
      if (entry.name !== 'page-data.json') continue;
      const data = JSON.parse(await read(entry.parentPath, entry.name)) as PageData;
      const template = data.componentChunkName.replace(/^component---templates-pages-|-tsx$/g, '');
      counts[template] = (counts[template] ?? 0) + 1;
    }
    return counts;
  }

  it.each([
    ['serve --watch', true],
    ['build', false],
  ])('%s: a CSS edit renders no page; a template, component or image edit only the pages that use it', async (_, watch) => {
    const f = await copyFixture('basic');
    try {
      const session = f.watch();
      const build = (files: string[]) => (watch ? session.build(files) : buildFixture(f));
      const first = await session.build();
      const counts = await pagesByTemplate(f.out);
      const edit = async (rel: string, from: string, to: string) => {
        const file = join(f.dir, rel);
        const text = await read(f.dir, rel);
        expect(text).toContain(from);
        await writeFile(file, text.replace(from, to));
        return build([file]);
      };
      const stylesheet = (html: string) => html.match(/<link rel="stylesheet" href="([^"]+)"/)![1]!;
      const before = stylesheet(await read(f.out, 'careers/index.html'));

      const css = await edit('templates/styles/base.css', '--sun: #f6b40e;', '--sun: #f6b40f;');
      expect(css.rendered).toBe(0);
      // Every page names the new stylesheet all the same: the name is filled in at output.
      const after = stylesheet(await read(f.out, 'careers/index.html'));
      expect(after).not.toBe(before);
      expect(existsSync(join(f.out, after.slice(1)))).toBe(true);
      expect(stylesheet(await read(f.out, 'es/blog/primer-articulo/index.html'))).toBe(after);
      expect(css.filesWritten).toBeGreaterThan(first.pages);

      // Another template's pages are not written again: the runtime and the build hash do not name the home template's file.
      const stamp = (rel: string) => statSync(join(f.out, rel)).mtimeMs;
      const others = ['blog/first-post/index.html', 'page-data/blog/first-post/page-data.json', 'page-data/blog/first-post/page-data.islands.json'];
      const unchanged = others.map(stamp);
      const template = await edit('templates/pages/home.tsx', 'className="container section-figure"', 'className="container section-figure home-figure"');
      expect(counts.home).toBe(2);
      expect(template.rendered).toBe(counts.home);
      expect(await read(f.out, 'es/index.html')).toContain('home-figure');
      expect(others.map(stamp)).toEqual(unchanged);

      // PostMeta is imported by the post and list templates, not by the others.
      const component = await edit('templates/components/PostMeta.tsx', '<span className="tags">', '<span className="tags" data-edited="">');
      expect(component.rendered).toBe(counts['blog-post']! + counts['blog-list']!);
      expect(component.rendered).toBeLessThan(first.pages);

      // The home template shows this picture; no other page asks for it.
      const picture = join(f.site, 'images/buenos-aires-at-dusk.jpg');
      const { width, height } = await sharp(picture).metadata();
      await writeFile(
        picture,
        await sharp({ create: { width, height, channels: 3, background: '#1d5f9a' } })
          .jpeg()
          .toBuffer(),
      );
      const image = await build([picture]);
      expect(image.rendered).toBe(counts.home);

      // Whatever these edits did, a plain build finds out/ as it would write it.
      session.flush();
      expect((await buildFixture(f)).upToDate).toBe(true);
    } finally {
      await f.cleanup();
    }
  });
});
