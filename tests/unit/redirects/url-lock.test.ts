import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../src/errors/index.ts';
import { diffUrlLock, formatUrlLock, parseUrlLock, type LockEntry } from '../../../src/redirects/index.ts';

const entry = (path: string, page: string, locale: string, file: string): LockEntry => ({ path, page, locale, file });
const post = entry('/blog/event-loop/', 'post:event-loop', 'en', 'site/blog/en/event-loop.md');
const postEs = entry('/es/blog/bucle-de-eventos/', 'post:event-loop', 'es', 'site/blog/es/bucle-de-eventos.md');
const home = entry('/', 'home', 'en', 'site/pages/home.yaml');

describe('diffUrlLock', () => {
  const cases: Array<{ name: string; previous: LockEntry[]; live: LockEntry[]; added: string[]; moved: Array<[string, string]>; removed: string[] }> = [
    { name: 'nothing changed', previous: [home, post, postEs], live: [home, post, postEs], added: [], moved: [], removed: [] },
    {
      name: 'a slug renamed in English',
      previous: [home, post],
      live: [home, { ...post, path: '/blog/node-event-loop/' }],
      added: ['/blog/node-event-loop/'],
      moved: [['/blog/event-loop/', '/blog/node-event-loop/']],
      removed: [],
    },
    {
      name: 'a slug renamed in Spanish only',
      previous: [post, postEs],
      live: [post, { ...postEs, path: '/es/blog/el-bucle-de-eventos/' }],
      added: ['/es/blog/el-bucle-de-eventos/'],
      moved: [['/es/blog/bucle-de-eventos/', '/es/blog/el-bucle-de-eventos/']],
      removed: [],
    },
    { name: 'a post deleted', previous: [home, post], live: [home], added: [], moved: [], removed: ['/blog/event-loop/'] },
    { name: 'a page added', previous: [home], live: [home, post], added: ['/blog/event-loop/'], moved: [], removed: [] },
    {
      name: 'a post moved into a bundle folder: same URL, new file, nothing to redirect',
      previous: [post],
      live: [{ ...post, file: 'site/blog/en/event-loop/index.md' }],
      added: [],
      moved: [],
      removed: [],
    },
    {
      name: 'a post moved into a bundle folder with a new slug: redirected',
      previous: [post],
      live: [{ ...post, path: '/blog/the-event-loop/', file: 'site/blog/en/the-event-loop/index.md' }],
      added: ['/blog/the-event-loop/'],
      moved: [['/blog/event-loop/', '/blog/the-event-loop/']],
      removed: [],
    },
    {
      name: 'a list page that no longer has a second page leads to the first',
      previous: [entry('/blog/', 'blog', 'en', 'site/pages/blog.yaml'), entry('/blog/page/2/', 'blog:page:2', 'en', 'site/pages/blog.yaml')],
      live: [entry('/blog/', 'blog', 'en', 'site/pages/blog.yaml')],
      added: [],
      moved: [['/blog/page/2/', '/blog/']],
      removed: [],
    },
  ];
  it.each(cases)('$name', ({ previous, live, added, moved, removed }) => {
    const diff = diffUrlLock(previous, live);
    expect(diff.added.map((e) => e.path)).toEqual(added);
    expect(diff.moved.map((e) => [e.path, e.to])).toEqual(moved);
    expect(diff.removed.map((e) => e.path)).toEqual(removed);
  });
});

describe('urls.lock text', () => {
  it('is sorted by path, one line per URL, and reads back as written', () => {
    const entries = [postEs, { ...entry('/blog/loop/', 'post:event-loop', 'en', 'site/blog/en/event-loop.md'), to: '/blog/event-loop/' }, home, post];
    const text = formatUrlLock(entries);
    expect(text.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual([
      '/ home en site/pages/home.yaml',
      '/blog/event-loop/ post:event-loop en site/blog/en/event-loop.md',
      '/blog/loop/ post:event-loop en site/blog/en/event-loop.md -> /blog/event-loop/',
      '/es/blog/bucle-de-eventos/ post:event-loop es site/blog/es/bucle-de-eventos.md',
    ]);
    expect(parseUrlLock(text, 'site/urls.lock')).toEqual(expect.arrayContaining(entries));
  });

  it('names the line a merge broke', () => {
    let error: unknown;
    try {
      parseUrlLock('# header\n/ home en site/pages/home.yaml\n<<<<<<< HEAD\n', 'site/urls.lock');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).name).toBe('InvalidUrlLock');
    expect((error as SiteError).location).toEqual({ file: 'site/urls.lock', line: 3 });
  });
});
