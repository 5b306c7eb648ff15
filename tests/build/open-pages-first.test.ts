// serve --watch renders the pages open in a tab first when a save reaches many pages (the post
// template: every post), puts them in out/ and says so, then renders the rest. What out/ holds at
// the end must be what a cold build of the same sources writes.
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_PAGES_FIRST_FROM } from '../../src/build/open-pages-first.ts';
import { buildFixture, copyFixture, read } from '../support/fixture.ts';

type Fixture = Awaited<ReturnType<typeof copyFixture>>;
let f: Fixture;
let cold: Fixture;
const POSTS = OPEN_PAGES_FIRST_FROM + 10;

async function addPosts(site: string) {
  for (let i = 0; i < POSTS; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    await writeFile(
      join(site, `blog/en/field-note-${i}.md`),
      `---\ntitle: Field note ${i}\ndescription: What a sprint taught us, note ${i}.\ndate: 2026-03-${day}\ntags: [delivery]\n---\n\nWe shipped the change on day ${i} and measured it.\n`,
    );
  }
}

/** Every file of out/, by path. */
async function filesOf(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
  return new Map(await Promise.all(files.map(async (rel) => [rel, (await readFile(join(dir, rel))).toString('latin1')] as const)));
}

const TEMPLATE = 'templates/pages/blog-post.tsx';
const editTemplate = async (dir: string, mark: string) => {
  const file = join(dir, TEMPLATE);
  const text = await readFile(file, 'utf8');
  expect(text).toMatch(/<header className="page-header[^"]*">/);
  await writeFile(file, text.replace(/<header className="page-header([^"]*)">/, `<header className="page-header$1 ${mark}">`));
  return file;
};

beforeAll(async () => {
  f = await copyFixture('basic');
  cold = await copyFixture('basic');
  await addPosts(f.site);
  await addPosts(cold.site);
}, 60_000);
afterAll(async () => {
  await f?.cleanup();
  await cold?.cleanup();
});

describe('serve --watch: open pages first', () => {
  it('puts the open post in out/ before the other posts, tells once, renders it once, and ends as a cold build does', async () => {
    const session = f.watch();
    await session.build();
    const file = await editTemplate(f.dir, 'open-first');

    const told: string[][] = [];
    const atTell: Record<string, string> = {};
    const report = await session.build([file], {
      // A tab on an edited post (written without its trailing slash), one on the home page, which the template does not reach.
      openPages: () => ['/blog/field-note-3', '/'],
      onOpenPagesReady: (outFiles) => {
        told.push(outFiles);
        // Synchronous reads: what a tab reloading now would get.
        atTell.open = readFileSync(join(f.out, 'blog/field-note-3/index.html'), 'utf8');
        atTell.other = readFileSync(join(f.out, 'blog/field-note-4/index.html'), 'utf8');
      },
    });

    expect(told).toEqual([['blog/field-note-3/index.html']]);
    expect(atTell.open).toContain('page-header open-first');
    expect(atTell.other).not.toContain('open-first');
    expect(await read(f.out, 'blog/field-note-4/index.html')).toContain('page-header open-first');
    expect(report.stages.map((t) => t.name)).toContain('open pages first');

    await editTemplate(cold.dir, 'open-first');
    await buildFixture(cold);
    const [after, expected] = await Promise.all([filesOf(f.out), filesOf(cold.out)]);
    expect([...after.keys()].sort()).toEqual([...expected.keys()].sort());
    const differing = [...expected.keys()].filter((p) => after.get(p) !== expected.get(p));
    expect(differing).toEqual([]);
    // Every post shows the new template; the open one came from the first pass, the others were rendered after it.
    const posts = [...after].filter(([path, text]) => path.endsWith('.html') && text.includes('page-header open-first'));
    expect(posts.length).toBeGreaterThan(POSTS);
    expect(report.rendered).toBe(posts.length - 1);
  }, 120_000);

  it('renders nothing first for a save that reaches few pages, or when no tab is open on a reached page', async () => {
    const session = f.watch();
    await session.build();
    const post = join(f.site, 'blog/en/field-note-5.md');
    await writeFile(post, (await readFile(post, 'utf8')).replace('We shipped', 'We really shipped'));
    const told: string[][] = [];
    const hooks = { openPages: () => ['/blog/field-note-5/'], onOpenPagesReady: (files: string[]) => told.push(files) };
    const small = await session.build([post], hooks);
    expect(small.stages.map((t) => t.name)).not.toContain('open pages first');

    const file = await editTemplate(f.dir, 'elsewhere');
    const report = await session.build([file], { ...hooks, openPages: () => ['/', '/careers/'] });
    expect(told).toEqual([]);
    expect(report.stages.map((t) => t.name)).not.toContain('open pages first');
    expect(await read(f.out, 'blog/field-note-5/index.html')).toContain('page-header open-first elsewhere');
  }, 120_000);
});
