import { describe, expect, it } from 'vitest';
import type { BuildState } from '../../../src/build/build-state.ts';
import type { Content, Post } from '../../../src/content/index.ts';
import {
  keptCard,
  keptHost,
  knownContentOf,
  LISTED_FIELDS,
  planChange,
  postsOf,
  reachOf,
  reuseOf,
  type DependencyGraph,
  type EntryStep,
  type FileChange,
  type PageNode,
} from '../../../src/graph/index.ts';
import type { Messages } from '../../../src/i18n/index.ts';
import type { RenderedEntry } from '../../../src/render/index.ts';

const dirs = { siteDir: '/p/site', templatesDir: '/p/templates', localesDir: '/p/locales' };
const reads = { messages: ['blog.written-on'], routes: [], images: [], site: [], constants: [] };
const node = (locale: string, sources: string[], key: string): PageNode => ({ locale, template: 'blog-post', sources, reads, baseKey: `b-${key}`, key });

// Two paired posts and the English blog list, as a last build left them.
const graph: DependencyGraph = {
  version: 'graph-v4',
  posts: {},
  setupKey: 'setup-1',
  planMessages: ['social-card.label'],
  templates: { common: ['templates/Document.tsx'], uses: { 'blog-post': ['templates/pages/blog-post.tsx'] } },
  pages: {
    'blog/index.html': node('en', ['site/pages/blog.yaml', 'site/blog/en/', 'site/blog/en/first.md'], 'list'),
    'blog/first/index.html': node('en', ['site/blog/en/first.md', 'site/blog/es/primero.md'], 'first'),
    'es/blog/primero/index.html': node('es', ['site/blog/es/primero.md', 'site/blog/en/first.md'], 'primero'),
  },
};

const post = (locale: string, file: string, more: Partial<Post> = {}): Post =>
  ({
    title: 'How we run a discovery week',
    description: 'What a client gets in five days.',
    date: '2026-03-02',
    tags: [],
    draft: false,
    locale,
    slug: file.split('/').pop()!.replace(/\.md$/, ''),
    file,
    readingMinutes: 4,
    markdown: { path: `/p/${file}`, hash: 'body-1' },
    ...more,
  }) as unknown as Post;

const contentWith = (first: Post): Content => ({ posts: { en: [first], es: [post('es', 'site/blog/es/primero.md')] }, drafts: [] }) as unknown as Content;
const messages = { byLocale: { en: {}, es: {} } } as unknown as Messages;
const lastContent = contentWith(post('en', 'site/blog/en/first.md'));
const entry = (outFile: string): RenderedEntry => ({ page: { outFile }, baseKey: `b-${outFile}`, key: `k-${outFile}` }) as unknown as RenderedEntry;
const card = { path: 'og/first.jpg', linkFrom: '/cache/og/first.jpg', bytes: 41_000 };
const last = {
  graph,
  setupKey: 'setup-1',
  content: lastContent,
  messages,
  templates: { names: ['blog-post'] },
  pages: Object.keys(graph.pages).map(entry),
  cards: new Map([['blog/first/index.html', card]]),
  host: { made: { paths: ['blog/first/index.html', 'og/1a2b.jpg'], hashed: [false, true] }, files: [] },
} as unknown as BuildState;

const change = (path: string): FileChange => ({ path, kind: 'change' });
const STEPS: EntryStep[] = ['settings', 'content', 'messages', 'templates', 'styles', 'images', 'static'];
const running = (changes: FileChange[] | undefined, from: BuildState | undefined) => {
  const plan = planChange(changes, graph, from);
  return STEPS.filter((s) => plan.runs(s));
};

describe('planChange: the entry steps a change makes read their inputs again', () => {
  it.each([
    ['a build from nothing', undefined, undefined, STEPS],
    ['`build` with changed stamps (no state in memory: every step, from its caches)', [change('site/blog/en/first.md')], undefined, STEPS],
    ['watch, a post saved', [change('site/blog/en/first.md')], last, ['content']],
    ['watch, a stylesheet saved', [change('templates/styles/base.css')], last, ['styles']],
    ['watch, a template saved', [change('templates/pages/blog-post.tsx')], last, ['templates']],
    ['watch, a locale file saved', [change('locales/es.yaml')], last, ['messages']],
    ['watch, site.yaml saved (every step)', [change('site/site.yaml')], last, STEPS],
    ['watch, a post and a stylesheet at once', [change('site/blog/en/first.md'), change('templates/styles/base.css')], last, ['content', 'styles']],
  ] as const)('%s', (_, changes, from, expected) => {
    expect(running(changes as FileChange[] | undefined, from)).toEqual(expected);
  });

  it('reads only the saved posts again in watch, and all of them when settings changed', () => {
    const known = knownContentOf(planChange([change('site/blog/en/first.md')], graph, last), dirs).known;
    expect(known?.content).toBe(lastContent);
    expect([...known!.changed]).toEqual(['/p/site/blog/en/first.md']);
    expect(knownContentOf(planChange([change('site/site.yaml')], graph, last), dirs)).toEqual({});
    expect(knownContentOf(planChange([change('site/blog/en/first.md')], graph, undefined), dirs)).toEqual({});
  });

  it.each([
    ['a post', ['site/blog/en/first.md'], true],
    ["a bundle's image", ['site/blog/bundled-post/terminal.png'], true],
    ['a post and a template', ['site/blog/en/first.md', 'templates/pages/blog-post.tsx'], true],
    ['a post and a page', ['site/blog/en/first.md', 'site/pages/careers.yaml'], false],
    ['a collection', ['site/collections/services.yaml'], false],
    ['an image outside the blog', ['site/images/team.jpg'], false],
  ] as const)('keeps the last pages, collections and navigation after a save of %s: %s', (_, paths, kept) => {
    expect(
      knownContentOf(
        planChange(
          paths.map((p) => change(p)),
          graph,
          last,
        ),
        dirs,
      ).known?.pagesKept,
    ).toBe(kept);
  });
});

describe('reachOf: what changed inside the files, and the pages that reaches', () => {
  it.each([
    ['the body alone', { markdown: { path: '/p/site/blog/en/first.md', hash: 'body-2' } }, ['body']],
    ['the title', { title: 'How we run a design sprint' }, ['title']],
    // Compared because the front-matter schema has them, not because a list here names them.
    ['the aliases', { aliases: ['/discovery-week/'] }, ['aliases']],
    ['the pinned source revision', { translatedFrom: 'a1b2c3d' }, ['translatedFrom']],
  ] as const)('a post whose %s changed', (_, edit, fields) => {
    const now = contentWith(post('en', 'site/blog/en/first.md', edit as Partial<Post>));
    const reach = reachOf(planChange([change('site/blog/en/first.md')], graph, last), { content: now, messages, dirs });
    expect(reach.details).toEqual([{ ...change('site/blog/en/first.md'), fields }]);
    expect(reach.classification?.pages).toContain('blog/first/index.html');
  });

  it('a listed field reaches the post, its translation and its list; a build from nothing reaches nothing in particular', () => {
    const now = contentWith(post('en', 'site/blog/en/first.md', { title: 'How we run a design sprint' }));
    const reach = reachOf(planChange([change('site/blog/en/first.md')], graph, last), { content: now, messages, dirs });
    expect([...reach.reached!].sort()).toEqual(['blog/first/index.html', 'blog/index.html', 'es/blog/primero/index.html']);
    expect(reachOf(planChange(undefined, undefined, undefined), { content: now, messages, dirs })).toEqual({});
  });
});

describe("reachOf in a build (no state in memory): a saved post against the saved graph's fingerprint of it", () => {
  const saved: DependencyGraph = { ...graph, posts: postsOf(lastContent, dirs) };
  const paired = ['blog/first/index.html', 'blog/index.html', 'es/blog/primero/index.html'];
  it.each([
    ['its title: a listed field reaches the post, its translation and its list', { title: 'How we run a design sprint' }, [...LISTED_FIELDS], paired],
    ['its body', { markdown: { path: '/p/site/blog/en/first.md', hash: 'body-2' } }, [...LISTED_FIELDS], paired],
    ['nothing (saved as it was)', {}, [], paired],
    ['its date: the post moves in every list, every page is keyed', { date: '2026-04-01' }, undefined, 'all'],
    ['its pairing', { translationKey: 'discovery-week' }, undefined, 'all'],
    ['its draft flag', { draft: true }, undefined, 'all'],
  ] as const)('%s', (_, edit, fields, pages) => {
    const now = contentWith(post('en', 'site/blog/en/first.md', edit as Partial<Post>));
    const reach = reachOf(planChange([change('site/blog/en/first.md')], saved, undefined), { content: now, messages, dirs });
    expect(reach.details).toEqual([{ ...change('site/blog/en/first.md'), ...(fields ? { fields } : {}) }]);
    expect(reach.classification?.pages).toEqual(pages);
  });

  it('a post the graph does not know (saved before this version), or a graph from before fingerprints: every page', () => {
    const now = contentWith(post('en', 'site/blog/en/first.md', { title: 'How we run a design sprint' }));
    expect(reachOf(planChange([change('site/blog/en/first.md')], graph, undefined), { content: now, messages, dirs }).classification?.pages).toBe('all');
  });
});

describe('what the last build lends the pages a change did not reach', () => {
  const plan = planChange([change('site/blog/es/primero.md')], graph, last);
  const reach = { reached: new Set(['es/blog/primero/index.html']) };

  it.each([
    ['watch, same setup: the last entries, and only the reached pages keyed again', plan, reach, 'setup-1', { only: reach.reached, entries: 3 }],
    ['watch, another setup (slices, runtime settings): every page keyed', plan, reach, 'setup-2', undefined],
    ['every page reached: nothing lent', plan, {}, 'setup-1', undefined],
    [
      '`build`, same setup as the saved graph: its keys, verified against the page cache',
      planChange([change('site/blog/es/primero.md')], graph, undefined),
      reach,
      'setup-1',
      { only: reach.reached, entries: 3, verify: true },
    ],
  ] as const)('%s', (_, p, r, setupKey, expected) => {
    const { reuse } = reuseOf(p, r, setupKey);
    if (!expected) return expect(reuse).toBeUndefined();
    expect(reuse?.only).toBe(expected.only);
    const outFiles = ['es/blog/primero/index.html', 'blog/first/index.html', 'blog/index.html', 'blog/missing/index.html'];
    expect(outFiles.filter((outFile, at) => reuse?.entryOf(outFile, at)).length).toBe(expected.entries);
    expect(reuse?.verify).toBe('verify' in expected ? true : undefined);
  });

  it('keeps the social card of a page the change did not reach, and draws a reached one again', () => {
    expect(keptCard(plan, reach, 'blog/first/index.html')).toBe(card);
    expect(keptCard(plan, { reached: new Set(['blog/first/index.html']) }, 'blog/first/index.html')).toBeUndefined();
    expect(keptCard(plan, {}, 'blog/first/index.html')).toBeUndefined();
    expect(keptCard(planChange([change('site/blog/es/primero.md')], graph, undefined), reach, 'blog/first/index.html')).toBeUndefined();
  });

  it('keeps _headers and _hashed-files.json while the list of paths and the settings are the same', () => {
    const same = { paths: ['blog/first/index.html', 'og/1a2b.jpg'], hashed: [false, true] };
    expect(keptHost(plan, same)).toBe(last.host);
    // Not the same list: a path renamed, one more, or a file now hashed.
    expect(keptHost(plan, { paths: ['blog/first/index.html', 'og/3c4d.jpg'], hashed: [false, true] })).toBeUndefined();
    expect(keptHost(plan, { paths: [...same.paths, 'sitemap.xml'], hashed: [...same.hashed, false] })).toBeUndefined();
    expect(keptHost(plan, { paths: same.paths, hashed: [true, true] })).toBeUndefined();
    expect(keptHost(planChange([change('site/site.yaml')], graph, last), same)).toBeUndefined();
    expect(keptHost(planChange([change('site/blog/es/primero.md')], graph, undefined), same)).toBeUndefined();
  });
});
