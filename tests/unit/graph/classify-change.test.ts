import { describe, expect, it } from 'vitest';
import { classifyChange, type Classification, type DependencyGraph, type FileChange, type PageNode } from '../../../src/graph/index.ts';

const none = { messages: [], routes: [], images: [], site: [], constants: [] };
const node = (locale: string, sources: string[], reads: Partial<PageNode['reads']> = {}, template = 'page'): PageNode => ({
  locale,
  template,
  sources,
  reads: { ...none, ...reads },
  baseKey: 'b',
  key: 'k',
});

// A small site: a home page per locale, a careers page, the blog list, two paired posts and an English-only post.
const graph: DependencyGraph = {
  version: 'graph-v4',
  posts: {},
  setupKey: 's',
  planMessages: ['social-card.label', 'nav.blog'],
  templates: {
    common: ['templates/Document.tsx', 'templates/Root.tsx', 'templates/components/Navbar.tsx'],
    uses: {
      page: ['templates/pages/page.tsx', 'templates/components/Card.tsx'],
      'blog-post': ['templates/pages/blog-post.tsx', 'templates/components/PostMeta.tsx', 'templates/components/Card.tsx'],
    },
  },
  pages: {
    'index.html': node('en', ['site/pages/home.yaml', 'site/collections/services.yaml'], { messages: ['home.title'], routes: ['careers', 'blog'] }),
    'es/index.html': node('es', ['site/pages/home.yaml', 'site/collections/services.yaml'], { messages: ['home.title'], routes: ['careers', 'blog'] }),
    'careers/index.html': node('en', ['site/pages/careers.yaml'], { messages: ['careers.apply'], constants: ['vacationDays'] }),
    'blog/index.html': node('en', ['site/pages/blog.yaml', 'site/blog/en/', 'site/blog/en/first.md', 'site/blog/en/solo.md'], {
      messages: ['blog.written-on'],
    }),
    'blog/first/index.html': node('en', ['site/blog/en/first.md', 'site/blog/es/primero.md'], { messages: ['blog.written-on'] }, 'blog-post'),
    'es/blog/primero/index.html': node('es', ['site/blog/es/primero.md', 'site/blog/en/first.md'], { messages: ['blog.written-on'] }, 'blog-post'),
    'blog/solo/index.html': node('en', ['site/blog/en/solo.md'], { messages: ['blog.written-on'], images: ['/images/team.jpg'] }, 'blog-post'),
    'legal/index.html': node('en', ['site/pages/legal.yaml', 'site/legal/terms-en.md'], { messages: ['*'] }),
  },
};

const change = (path: string, more: Partial<FileChange> = {}): FileChange => ({ path, kind: 'change', ...more });

const cases: Array<{ name: string; changes: FileChange[]; expected: Classification }> = [
  {
    name: 'a post body: the post, its list page and its translation (whose alternates name it)',
    changes: [change('site/blog/en/first.md', { fields: ['body'] })],
    expected: { pages: ['blog/first/index.html', 'blog/index.html', 'es/blog/primero/index.html'], stages: ['content'], reload: 'page' },
  },
  {
    name: 'a post title: the same pages (feeds and sitemap are rewritten from the plan)',
    changes: [change('site/blog/en/solo.md', { fields: ['title'] })],
    expected: { pages: ['blog/index.html', 'blog/solo/index.html'], stages: ['content'], reload: 'page' },
  },
  {
    name: 'a post date: every list page of its locale too',
    changes: [change('site/blog/en/solo.md', { fields: ['date'] })],
    expected: { pages: ['blog/index.html', 'blog/solo/index.html'], stages: ['content'], reload: 'page' },
  },
  {
    name: 'a translationKey: alternates anywhere may change',
    changes: [change('site/blog/en/solo.md', { fields: ['translationKey'] })],
    expected: { pages: 'all', stages: ['content'], reload: 'page' },
  },
  {
    name: 'a new post (fields unknown)',
    changes: [change('site/blog/en/new.md', { kind: 'add' })],
    expected: { pages: 'all', stages: ['content'], reload: 'page' },
  },
  {
    name: 'a post saved from `build` (fields unknown): all pages, as it may have moved or been paired',
    changes: [change('site/blog/en/solo.md')],
    expected: { pages: 'all', stages: ['content'], reload: 'page' },
  },
  {
    name: 'a Spanish message: the Spanish pages that read it, and pages that read every message',
    changes: [change('locales/es.yaml', { keys: { es: ['blog.written-on'], en: [] } })],
    expected: { pages: ['es/blog/primero/index.html'], stages: ['messages'], reload: 'page' },
  },
  {
    name: 'an English message that Spanish falls back to: pages of both locales',
    changes: [change('locales/en.yaml', { keys: { en: ['home.title'], es: ['home.title'] } })],
    expected: { pages: ['es/index.html', 'index.html', 'legal/index.html'], stages: ['messages'], reload: 'page' },
  },
  {
    name: 'a message the planner read (a navigation label): every page',
    changes: [change('locales/en.yaml', { keys: { en: ['nav.blog'] } })],
    expected: { pages: 'all', stages: ['messages'], reload: 'page' },
  },
  { name: 'a locale file, keys unknown', changes: [change('locales/es.yaml')], expected: { pages: 'all', stages: ['messages'], reload: 'page' } },
  {
    name: 'a collection item: the pages that list the collection',
    changes: [change('site/collections/services.yaml')],
    expected: { pages: ['es/index.html', 'index.html'], stages: ['content'], reload: 'page' },
  },
  {
    name: "a page's YAML: its pages and the pages that link to it (its slug may have changed)",
    changes: [change('site/pages/careers.yaml')],
    expected: { pages: ['careers/index.html', 'es/index.html', 'index.html'], stages: ['content'], reload: 'page' },
  },
  {
    name: 'a legal document: the page made from it',
    changes: [change('site/legal/terms-en.md')],
    expected: { pages: ['legal/index.html'], stages: ['content'], reload: 'page' },
  },
  {
    name: 'a new collection file nothing read yet',
    changes: [change('site/collections/faq.yaml', { kind: 'add' })],
    expected: { pages: 'all', stages: ['content'], reload: 'page' },
  },
  { name: 'the navigation', changes: [change('site/navigation.yaml')], expected: { pages: 'all', stages: ['content'], reload: 'page' } },
  { name: 'a constant', changes: [change('site/constants.yaml')], expected: { pages: 'all', stages: ['settings'], reload: 'page' } },
  { name: 'site.yaml', changes: [change('site/site.yaml')], expected: { pages: 'all', stages: ['settings'], reload: 'page' } },
  {
    name: 'CSS: no page renders (pages name the stylesheet through a slot the output fills)',
    changes: [change('templates/styles/site.css')],
    expected: { pages: [], stages: ['styles'], reload: 'css' },
  },
  {
    name: "the social card's design: every page's head names its card by it",
    changes: [change('templates/social-card.svg')],
    expected: { pages: 'all', stages: ['settings'], reload: 'page' },
  },
  {
    name: "a page template: its pages and no other template's",
    changes: [change('templates/pages/blog-post.tsx')],
    expected: { pages: ['blog/first/index.html', 'blog/solo/index.html', 'es/blog/primero/index.html'], stages: ['templates'], reload: 'page' },
  },
  {
    name: 'a component: the pages of every template that imports it',
    changes: [change('templates/components/Card.tsx')],
    expected: {
      pages: [
        'blog/first/index.html',
        'blog/index.html',
        'blog/solo/index.html',
        'careers/index.html',
        'es/blog/primero/index.html',
        'es/index.html',
        'index.html',
        'legal/index.html',
      ],
      stages: ['templates'],
      reload: 'page',
    },
  },
  {
    name: 'a component only one template imports',
    changes: [change('templates/components/PostMeta.tsx')],
    expected: { pages: ['blog/first/index.html', 'blog/solo/index.html', 'es/blog/primero/index.html'], stages: ['templates'], reload: 'page' },
  },
  {
    name: 'Document, Root, or what they import: every page',
    changes: [change('templates/components/Navbar.tsx')],
    expected: { pages: 'all', stages: ['templates'], reload: 'page' },
  },
  {
    name: "an island's client code: no page renders (its chunk names are slots)",
    changes: [change('templates/islands/contact-form.tsx')],
    expected: { pages: [], stages: ['templates'], reload: 'page' },
  },
  {
    name: 'a new template file: every page is keyed',
    changes: [change('templates/pages/pricing.tsx', { kind: 'add' })],
    expected: { pages: 'all', stages: ['templates'], reload: 'page' },
  },
  {
    name: 'an image: the pages whose render asked for it',
    changes: [change('site/images/team.jpg')],
    expected: { pages: ['blog/solo/index.html'], stages: ['images'], reload: 'page' },
  },
  {
    name: 'a new image: the pages that asked for it and found none',
    changes: [change('site/images/team.jpg', { kind: 'add' })],
    expected: { pages: ['blog/solo/index.html'], stages: ['images'], reload: 'page' },
  },
  { name: 'an image nothing shows: no page', changes: [change('site/images/unused.png')], expected: { pages: [], stages: ['images'], reload: 'page' } },
  { name: 'a static file: no page, a reload', changes: [change('site/static/favicon.ico')], expected: { pages: [], stages: ['static'], reload: 'page' } },
  {
    name: 'site/redirects.yaml: no page renders, the map and _redirects are made again',
    changes: [change('site/redirects.yaml')],
    expected: { pages: [], stages: ['static'], reload: 'page' },
  },
  { name: 'site/urls.lock, written by the build itself: nothing', changes: [change('site/urls.lock')], expected: { pages: [], stages: [], reload: 'none' } },
  {
    name: "an editor's swap file",
    changes: [change('site/blog/en/.first.md.swp'), change('locales/en.yaml~')],
    expected: { pages: [], stages: [], reload: 'none' },
  },
  {
    name: 'a file the build does not read',
    changes: [change('templates/README.txt'), change('site/notes.txt')],
    expected: { pages: [], stages: [], reload: 'none' },
  },
  { name: 'the generator itself', changes: [change('/usr/lib/agency-site/dist/cli.js')], expected: { pages: 'all', stages: ['settings'], reload: 'page' } },
  {
    name: 'several changes: the union, and a reload once one is not CSS',
    changes: [change('templates/styles/site.css'), change('site/collections/services.yaml')],
    expected: { pages: ['es/index.html', 'index.html'], stages: ['content', 'styles'], reload: 'page' },
  },
];

describe('classifyChange', () => {
  it.each(cases)('$name', ({ changes, expected }) => {
    expect(classifyChange(changes, graph)).toEqual(expected);
  });

  it('without a graph (a first build, or one that could not be read) keys every page of a content change', () => {
    expect(classifyChange([change('site/blog/en/first.md', { fields: ['body'] })], undefined)).toEqual({ pages: 'all', stages: ['content'], reload: 'page' });
    expect(classifyChange([change('locales/es.yaml', { keys: { es: ['x'] } })], undefined).pages).toBe('all');
  });
});
