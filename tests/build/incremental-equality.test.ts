// The equality suite: "the graph must be correct, not hopeful". Every kind of input is edited in
// turn, and what an incremental build leaves in out/ must be byte for byte what a clean cold build
// of the same sources writes into an empty out/ with an empty cache. Both incremental paths are
// checked: `agency-site build` (buildSite again over the last out/ and .cache/) and
// `serve --watch` (a build session told which files changed). BuildReport lists no time-stamped
// files, so nothing is excluded from the comparison: two cold builds of the same sources must be
// equal too, and the first test says so.
//
// One copy of the basic fixture serves every row, to keep the file fast: a row edits the sources,
// builds both ways, compares, then undoes its edit (from a pristine copy) and compares both paths
// with the original cold build again. A path that failed anywhere in a row is built afresh before
// the next row, so one bug cannot make the rows after it fail.
import { existsSync, statSync } from 'node:fs';
import { copyFile, cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createBuildSession } from '../../src/build/index.ts';
import { buildFixture, copyFixture } from '../support/fixture.ts';
import { checkUnchanged } from '../../src/build/skip-unchanged.ts';
import { readGraph, type DependencyGraph } from '../../src/graph/index.ts';

type Tree = Map<string, Buffer>;

/** Every file under `dir` (hidden ones too), by path relative to it. */
async function snapshot(dir: string): Promise<Tree> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => !e.isDirectory()).map((e) => relative(dir, join(e.parentPath, e.name)));
  return new Map(await Promise.all(files.sort().map(async (rel) => [rel, await readFile(join(dir, rel))] as const)));
}

const BINARY = /\.(jpe?g|png|webp|avif|gz|br)$/;

/** Bytes around `offset`, as text (escaped) or, for a binary file, as hex. */
function around(bytes: Buffer, offset: number, binary: boolean): string {
  if (binary) return bytes.subarray(Math.max(0, offset - 8), offset + 8).toString('hex');
  return JSON.stringify(bytes.subarray(Math.max(0, offset - 40), offset + 40).toString('utf8'));
}

/** Undefined when both trees hold the same paths with the same bytes; otherwise the first difference, and what else differs. */
function firstDifference(actual: Tree, expected: Tree, labels: { actual: string; expected: string }): string | undefined {
  const missing = [...expected.keys()].filter((p) => !actual.has(p));
  const extra = [...actual.keys()].filter((p) => !expected.has(p));
  const differing = [...expected.keys()].filter((p) => actual.has(p) && !actual.get(p)!.equals(expected.get(p)!));
  if (!missing.length && !extra.length && !differing.length) return undefined;
  const list = (paths: string[]) => paths.slice(0, 8).join(', ') + (paths.length > 8 ? `, … ${paths.length - 8} more` : '');
  const lines: string[] = [];
  if (missing.length) lines.push(`only in ${labels.expected} (${missing.length}): ${list(missing)}`);
  if (extra.length) lines.push(`only in ${labels.actual} (${extra.length}): ${list(extra)}`);
  const first = differing[0];
  if (first) {
    const a = actual.get(first)!;
    const e = expected.get(first)!;
    let offset = 0;
    while (offset < a.length && offset < e.length && a[offset] === e[offset]) offset++;
    const binary = BINARY.test(first);
    lines.push(
      `${first} differs from byte ${offset} (${labels.expected} ${e.length} bytes, ${labels.actual} ${a.length} bytes):`,
      `  ${labels.expected.padEnd(12)} ${around(e, offset, binary)}`,
      `  ${labels.actual.padEnd(12)} ${around(a, offset, binary)}`,
    );
    if (differing.length > 1) lines.push(`also differ (${differing.length - 1}): ${list(differing.slice(1))}`);
  }
  return lines.join('\n');
}

function expectSameTree(actual: Tree, expected: Tree, labels: { actual: string; expected: string }): void {
  const difference = firstDifference(actual, expected, labels);
  if (difference) expect.fail(`out/ is not what a cold build writes:\n${difference}`);
}

type Fixture = Awaited<ReturnType<typeof copyFixture>>;
interface Dirs {
  site: string;
  locales: string;
  templates: string;
}

/** Replaces `from` (which must be there, so an edit cannot silently do nothing) in a source file; returns its path. */
async function rewrite(file: string, from: string | RegExp, to: string): Promise<string> {
  const text = await readFile(file, 'utf8');
  if (!(typeof from === 'string' ? text.includes(from) : from.test(text))) throw new Error(`${file} does not contain ${String(from)}`);
  await writeFile(file, text.replace(from, to));
  return file;
}

interface Row {
  name: string;
  /** Changes the sources; returns the absolute path of every file it wrote, created or deleted. */
  edit: (dirs: Dirs) => Promise<string[]>;
}

const rows: Row[] = [
  {
    name: 'post body',
    edit: async ({ site }) => [await rewrite(join(site, 'blog/en/first-post.md'), '## Hello', '## Hello, edited')],
  },
  {
    name: 'post title',
    edit: async ({ site }) => [await rewrite(join(site, 'blog/en/first-post.md'), 'title: First post', 'title: First post, renamed')],
  },
  {
    // The oldest Spanish post becomes the newest: it moves from page 2 of the list to the top.
    name: 'post date',
    edit: async ({ site }) => [await rewrite(join(site, 'blog/es/tercero.md'), 'date: 2025-12-01', 'date: 2026-03-01')],
  },
  {
    name: 'draft flag: a draft is published',
    edit: async ({ site }) => [await rewrite(join(site, 'blog/en/unfinished.md'), 'draft: true\n', '')],
  },
  {
    name: 'draft flag: a post is unpublished',
    edit: async ({ site }) => [await rewrite(join(site, 'blog/es/solo-en-espanol.md'), 'tags: [react]\n', 'tags: [react]\ndraft: true\n')],
  },
  {
    name: 'tags',
    edit: async ({ site }) => [await rewrite(join(site, 'blog/en/first-post.md'), 'tags: [node]', 'tags: [node, react]')],
  },
  {
    // first-post's Spanish translation becomes solo-en-espanol: three pages change their alternates.
    name: 'translationKey',
    edit: async ({ site }) => [
      await rewrite(join(site, 'blog/es/primer-articulo.md'), 'translationKey: first', 'translationKey: primero'),
      await rewrite(join(site, 'blog/es/solo-en-espanol.md'), 'tags: [react]\n', 'tags: [react]\ntranslationKey: first\n'),
    ],
  },
  {
    // The Spanish translation is deleted: the English post becomes English-only, listed in the
    // Spanish blog with its language marked, and its switcher goes to the Spanish blog.
    name: 'a post loses its translation',
    edit: async ({ site }) => {
      const file = join(site, 'blog/es/primer-articulo.md');
      await rm(file);
      return [file];
    },
  },
  {
    // A Spanish-only post gets its English translation: it leaves the English list's fallbacks.
    name: 'a post gains its translation',
    edit: async ({ site }) => {
      const file = join(site, 'blog/en/only-in-spanish.md');
      await writeFile(
        file,
        '---\ntitle: Only in Spanish no more\ndescription: Now in English too.\ndate: 2026-02-01\ntags: [react]\ntranslationKey: solo\n---\n\n## Section\n\nContent.\n',
      );
      return [file, await rewrite(join(site, 'blog/es/solo-en-espanol.md'), 'tags: [react]\n', 'tags: [react]\ntranslationKey: solo\n')];
    },
  },
  {
    // A Spanish-only post's title is shown in the English list too: those list pages render again.
    name: "an untranslated post's title",
    edit: async ({ site }) => [await rewrite(join(site, 'blog/es/tercero.md'), 'title: Tercero', 'title: Tercero, revisado')],
  },
  {
    name: "a page's YAML",
    edit: async ({ site }) => [await rewrite(join(site, 'pages/careers.yaml'), 'title: Careers,', 'title: Careers at the studio,')],
  },
  {
    name: 'a markdown document a page shows',
    edit: async ({ site }) => [await rewrite(join(site, 'legal/careers-en.md'), /\n$/, '\nOne more paragraph about working with us.\n')],
  },
  {
    name: 'a collection item',
    edit: async ({ site }) => [await rewrite(join(site, 'collections/services.yaml'), 'en: Staff augmentation', 'en: Staff augmentation by the week')],
  },
  {
    name: 'navigation.yaml',
    edit: async ({ site }) => [await rewrite(join(site, 'navigation.yaml'), 'en: Careers, es: Empleo', 'en: Jobs, es: Empleo')],
  },
  {
    name: 'a message in one locale (es)',
    edit: async ({ locales }) => [await rewrite(join(locales, 'es.yaml'), 'written-on: Escrito el', 'written-on: Publicado el')],
  },
  {
    // es.yaml lacks this message: Spanish pages show the English text, so they change too.
    name: 'a default-locale message another locale falls back to',
    edit: async ({ locales }) => [await rewrite(join(locales, 'en.yaml'), 'title: Services', 'title: What we do')],
  },
  {
    name: 'a constant',
    edit: async ({ site }) => [await rewrite(join(site, 'constants.yaml'), 'matchHours: 24', 'matchHours: 48')],
  },
  {
    name: 'site.yaml: the site name',
    edit: async ({ site }) => [await rewrite(join(site, 'site.yaml'), 'name: Fixture Studio', 'name: Fixture Studio Co')],
  },
  {
    // first-post's ::cta links to it.
    name: 'site.yaml: a booking link',
    edit: async ({ site }) => [await rewrite(join(site, 'site.yaml'), 'fixture/call', 'fixture/strategy-call')],
  },
  {
    name: 'a page template',
    edit: async ({ templates }) => [
      await rewrite(join(templates, 'pages/blog-post.tsx'), '<header className="page-header">', '<header className="page-header post-header">'),
    ],
  },
  {
    name: 'a component',
    edit: async ({ templates }) => [
      await rewrite(join(templates, 'components/PostMeta.tsx'), '<span className="tags">', '<span className="tags" aria-label="tags">'),
    ],
  },
  {
    name: 'CSS',
    edit: async ({ templates }) => [await rewrite(join(templates, 'styles/base.css'), '--sun: #f6b40e;', '--sun: #f6b40f;')],
  },
  {
    name: "the social card's design",
    edit: async ({ templates }) => [await rewrite(join(templates, 'social-card.svg'), 'fill="#f6b40e"/>', 'fill="#e76f51"/>')],
  },
  {
    // Another picture of the same size: every width and format of it gets a new name.
    name: 'an image',
    edit: async ({ site }) => {
      const file = join(site, 'images/buenos-aires-at-dusk.jpg');
      const { width, height } = await sharp(file).metadata();
      await writeFile(
        file,
        await sharp({ create: { width, height, channels: 3, background: '#1d5f9a' } })
          .jpeg({ quality: 80 })
          .toBuffer(),
      );
      return [file];
    },
  },
  {
    name: 'a post in a folder of its own (site/blog/<slug>/index.md): its body',
    edit: async ({ site }) => [
      await rewrite(join(site, 'blog/bundled-post/index.md'), 'The terminal after the deploy.', 'The terminal after the second deploy.'),
    ],
  },
  {
    // Another screenshot of the same size beside the post: new names on its page, the old files gone.
    name: 'an image beside a post',
    edit: async ({ site }) => {
      const file = join(site, 'blog/bundled-post/terminal.png');
      await writeFile(
        file,
        await sharp({ create: { width: 360, height: 120, channels: 3, background: '#40a02b' } })
          .png()
          .toBuffer(),
      );
      return [file];
    },
  },
  {
    name: 'a new post folder with its translation and a screenshot beside them',
    edit: async ({ site }) => {
      const dir = join(site, 'blog/folder-post');
      await mkdir(dir, { recursive: true });
      const files = [join(dir, 'index.md'), join(dir, 'index.es.md'), join(dir, 'shot.png')];
      await writeFile(
        files[0]!,
        '---\ntitle: A post in a folder\ndescription: Its screenshot sits beside it.\ndate: 2026-02-16\n---\n\n![The build log](./shot.png)\n',
      );
      await writeFile(
        files[1]!,
        '---\ntitle: Un artículo en una carpeta\ndescription: Su captura está al lado.\ndate: 2026-02-16\n---\n\n![El log del build](shot.png)\n',
      );
      await writeFile(
        files[2]!,
        await sharp({ create: { width: 200, height: 100, channels: 3, background: '#7287fd' } })
          .png()
          .toBuffer(),
      );
      return files;
    },
  },
  {
    name: 'a new post',
    edit: async ({ site }) => {
      const file = join(site, 'blog/en/second-post.md');
      await writeFile(file, '---\ntitle: Second post\ndescription: Another post.\ndate: 2026-02-15\ntags: [react]\n---\n\n## Again\n\nMore text.\n');
      return [file];
    },
  },
  {
    // The Spanish list had two pages; it is left with one.
    name: 'a deleted post',
    edit: async ({ site }) => {
      const file = join(site, 'blog/es/tercero.md');
      await rm(file);
      return [file];
    },
  },
  {
    // A post's slug is its file name. The watcher reports the old path (unlink) before the new one (add).
    name: 'a renamed post',
    edit: async ({ site }) => {
      const before = join(site, 'blog/en/first-post.md');
      const after = join(site, 'blog/en/hello-world.md');
      await rename(before, after);
      return [before, after];
    },
  },
  {
    name: 'a new page YAML',
    edit: async ({ site }) => {
      const file = join(site, 'pages/about.yaml');
      await writeFile(
        file,
        'template: document\nslug: { en: about, es: nosotros }\nseo:\n  en: { title: About, description: About us. }\n  es: { title: Nosotros, description: Quiénes somos. }\nmarkdown:\n  en: legal/careers-en.md\n  es: legal/careers-es.md\n',
      );
      return [file];
    },
  },
  {
    // The redirect map is made every build: _redirects and _redirect-map.json change, no page renders.
    name: 'site/redirects.yaml',
    edit: async ({ site }) => {
      const file = join(site, 'redirects.yaml');
      await writeFile(
        file,
        'redirects:\n  - { from: /jobs/, to: { page: careers, locale: en } }\n  - { from: /old-blog/*, to: "/blog/:splat" }\ngone: [/retired/]\n',
      );
      return [file];
    },
  },
  {
    name: 'an alias in a page',
    edit: async ({ site }) => [await rewrite(join(site, 'pages/careers.yaml'), /\n$/, '\naliases:\n  es: [/es/empleos/]\n')],
  },
  {
    // Front matter, not the body: the redirect map a body save keeps must be made again.
    name: "an alias in a post's front matter",
    edit: async ({ site }) => [await rewrite(join(site, 'blog/en/first-post.md'), 'translationKey: first\n', 'translationKey: first\naliases: [/first/]\n')],
  },
  {
    name: 'a deleted page YAML',
    edit: async ({ site }) => {
      const file = join(site, 'pages/english-only.yaml');
      await rm(file);
      return [file];
    },
  },
];

let f: Fixture;
let dirs: Dirs;
/** site/, locales/ and templates/ as copied, to undo each row's edit from. */
let pristine: string;
/** out/ of a cold build of the unedited sources. */
let original: Tree;
let folders = 0;
const folder = (name: string) => join(f.dir, `${name}-${++folders}`);

/** A clean cold build of the sources as they are now: a fresh out/ and an empty cache, read back and removed. */
/** The pages of the dependency graph the last cold build saved: what `build` must save after the same edit. */
let coldGraph: DependencyGraph['pages'] | undefined;

async function coldBuild(): Promise<Tree> {
  const dir = folder('cold');
  try {
    await buildFixture(f, { outDir: join(dir, 'out'), cacheDir: join(dir, 'cache') });
    coldGraph = readGraph(join(dir, 'cache')).graph?.pages;
    return await snapshot(join(dir, 'out'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The `agency-site build` path: what the command does. The file stamps say which inputs changed
 * since the last build (or that none did), and the saved dependency graph which pages they reach.
 */
const buildPath = {
  out: '',
  cache: '',
  inSync: false,
  async start() {
    const dir = folder('build');
    this.out = join(dir, 'out');
    this.cache = join(dir, 'cache');
    await buildFixture(f, { outDir: this.out, cacheDir: this.cache });
    this.inSync = true;
  },
  async rebuild() {
    const skip = checkUnchanged({ siteDir: f.site, outDir: this.out, cacheDir: this.cache });
    // Every row edits (or undoes) files, so the stamps must name them: the graph path is what is tested.
    expect(skip.report).toBeUndefined();
    expect(skip.changes?.length).toBeGreaterThan(0);
    await buildFixture(f, { outDir: this.out, cacheDir: this.cache, ...(skip.changes ? { changedFiles: skip.changes } : {}) });
  },
};

/** The `serve --watch` path: one build session, told which files changed. */
const watchPath = {
  out: '',
  session: undefined as ReturnType<typeof createBuildSession> | undefined,
  inSync: false,
  async start() {
    const dir = folder('watch');
    this.out = join(dir, 'out');
    this.session = f.watch({ outDir: this.out, cacheDir: join(dir, 'cache') });
    await this.session.build();
    this.inSync = true;
  },
  async rebuild(changed: string[]) {
    await this.session!.build(changed);
  },
};

/** A post as a folder with a screenshot beside it (English only: the lists keep their pages). */
async function addBundledPost(site: string): Promise<void> {
  await mkdir(join(site, 'blog/bundled-post'), { recursive: true });
  await writeFile(
    join(site, 'blog/bundled-post/index.md'),
    '---\ntitle: A bundled post\ndescription: A post whose files live beside it.\ndate: 2025-12-01\n---\n\nThe terminal after the deploy.\n\n![The terminal after the deploy](./terminal.png)\n',
  );
  await writeFile(
    join(site, 'blog/bundled-post/terminal.png'),
    await sharp({ create: { width: 360, height: 120, channels: 3, background: '#1e1e2e' } })
      .png()
      .toBuffer(),
  );
}

beforeAll(async () => {
  f = await copyFixture('basic');
  dirs = { site: f.site, locales: join(f.dir, 'locales'), templates: join(f.dir, 'templates') };
  await addBundledPost(f.site);
  pristine = join(f.dir, 'pristine');
  for (const name of ['site', 'locales', 'templates']) await cp(join(f.dir, name), join(pristine, name), { recursive: true });
  original = await coldBuild();
  await buildPath.start();
  await watchPath.start();
});
afterAll(() => f?.cleanup());

describe('cold builds', () => {
  it('write the same bytes every time: out/ holds no time stamps', async () => {
    const labels = { actual: 'second cold', expected: 'first cold' };
    expectSameTree(await snapshot(buildPath.out), original, labels);
    expectSameTree(await snapshot(watchPath.out), original, labels);
  });

  it('write the same bytes whatever folder the site is in', async () => {
    const elsewhere = await copyFixture('basic');
    try {
      await addBundledPost(elsewhere.site);
      await buildFixture(elsewhere);
      expectSameTree(await snapshot(elsewhere.out), original, { actual: 'elsewhere', expected: 'here' });
    } finally {
      await elsewhere.cleanup();
    }
  });
});

describe.each(rows)('after an edit: $name', (row) => {
  let changed: string[] = [];
  let cold: Tree;
  let undone = false;

  /** Puts back every file the edit touched, and checks it touched no other. */
  async function undo() {
    undone = true;
    for (const file of changed) {
      const before = join(pristine, relative(f.dir, file));
      if (existsSync(before)) {
        await mkdir(dirname(file), { recursive: true });
        await copyFile(before, file);
      } else await rm(file, { force: true });
    }
    for (const name of ['site', 'locales', 'templates']) {
      const difference = firstDifference(await snapshot(join(f.dir, name)), await snapshot(join(pristine, name)), { actual: 'undone', expected: 'pristine' });
      if (difference) throw new Error(`the "${row.name}" edit changed files it did not return:\n${difference}`);
    }
  }

  beforeAll(async () => {
    // A path that went wrong in an earlier row starts again from a cold build.
    if (!buildPath.inSync) await buildPath.start();
    if (!watchPath.inSync) await watchPath.start();
    changed = await row.edit(dirs);
    cold = await coldBuild();
  });
  afterAll(async () => {
    if (!undone) {
      await undo();
      buildPath.inSync = watchPath.inSync = false;
    }
  });

  it('changes what a cold build writes (the row is not vacuous)', () => {
    expect(firstDifference(cold, original, { actual: 'edited', expected: 'original' })).toBeDefined();
  });

  it('agency-site build: out/ equals the cold build, and so does the graph it saved (nodes it kept from the last one included)', async () => {
    buildPath.inSync = false;
    const graph = coldGraph;
    await buildPath.rebuild();
    expectSameTree(await snapshot(buildPath.out), cold, { actual: 'incremental', expected: 'cold' });
    expect(graph).toBeDefined();
    expect(readGraph(buildPath.cache).graph?.pages).toEqual(graph);
    buildPath.inSync = true;
  });

  it('serve --watch: out/ equals the cold build', async () => {
    watchPath.inSync = false;
    await watchPath.rebuild(changed);
    expectSameTree(await snapshot(watchPath.out), cold, { actual: 'watch', expected: 'cold' });
    watchPath.inSync = true;
  });

  describe('and undone', () => {
    beforeAll(() => undo());

    it('agency-site build: out/ equals the original cold build', async () => {
      const wasInSync = buildPath.inSync;
      buildPath.inSync = false;
      await buildPath.rebuild();
      expectSameTree(await snapshot(buildPath.out), original, { actual: 'incremental', expected: 'original' });
      buildPath.inSync = wasInSync;
    });

    it('serve --watch: out/ equals the original cold build', async () => {
      const wasInSync = watchPath.inSync;
      watchPath.inSync = false;
      await watchPath.rebuild(changed);
      expectSameTree(await snapshot(watchPath.out), original, { actual: 'watch', expected: 'original' });
      watchPath.inSync = wasInSync;
    });
  });
});

describe('two CSS edits in a row', () => {
  it('serve --watch: the second and a third back write each page in place, out/ equals the cold build, and the page cache keeps its names', async () => {
    if (!watchPath.inSync) await watchPath.start();
    watchPath.inSync = false;
    const css = await rewrite(join(dirs.templates, 'styles/base.css'), '--sun: #f6b40e;', '--sun: #f6b40f;');
    await watchPath.rebuild([css]);
    // The first edit gave each page its own copy in out/ (the cached pages hold the old names).
    const page = join(watchPath.out, 'es/index.html');
    const copy = statSync(page);
    expect(copy.nlink).toBe(1);

    await rewrite(css, '--sun: #f6b40f;', '--sun: #f6b410;');
    await watchPath.rebuild([css]);
    expect(statSync(page).ino).toBe(copy.ino);
    expectSameTree(await snapshot(watchPath.out), await coldBuild(), { actual: 'watch', expected: 'cold' });

    // Back to the original names: each page keeps its own copy, with the cached page's names written
    // back (the next edit patches it again instead of replacing a link); the cache was never written through.
    await rewrite(css, '--sun: #f6b410;', '--sun: #f6b40e;');
    await watchPath.rebuild([css]);
    expect(statSync(page).ino).toBe(copy.ino);
    expectSameTree(await snapshot(watchPath.out), original, { actual: 'watch', expected: 'original' });
    watchPath.inSync = true;
  });
});

describe('a page template edit', () => {
  it('renders the posts again, and each page-data file they render the same stays the file out/ holds (build and serve --watch)', async () => {
    for (const path of [buildPath, watchPath]) if (!path.inSync) await path.start();
    buildPath.inSync = watchPath.inSync = false;
    const files = (out: string) => ({
      html: join(out, 'es/blog/primer-articulo/index.html'),
      data: join(out, 'page-data/es/blog/primer-articulo/page-data.json'),
    });
    const inodes = (out: string) => Object.fromEntries(Object.entries(files(out)).map(([name, file]) => [name, statSync(file).ino]));
    const before = { build: inodes(buildPath.out), watch: inodes(watchPath.out) };
    const template = await rewrite(
      join(dirs.templates, 'pages/blog-post.tsx'),
      '<header className="page-header">',
      '<header className="page-header post-header">',
    );
    try {
      await buildPath.rebuild();
      await watchPath.rebuild([template]);
      const cold = await coldBuild();
      for (const [name, out] of [
        ['build', buildPath.out],
        ['watch', watchPath.out],
      ] as const) {
        expectSameTree(await snapshot(out), cold, { actual: name, expected: 'cold' });
        expect(await readFile(files(out).html, 'utf8')).toContain('post-header');
        expect(inodes(out).html, name).not.toBe(before[name].html);
        expect(inodes(out).data, name).toBe(before[name].data);
      }
    } finally {
      await rewrite(template, 'page-header post-header', 'page-header');
    }
    await buildPath.rebuild();
    await watchPath.rebuild([template]);
    for (const out of [buildPath.out, watchPath.out]) expectSameTree(await snapshot(out), original, { actual: 'undone', expected: 'original' });
    buildPath.inSync = watchPath.inSync = true;
  });
});
