import { describe, expect, it } from 'vitest';
import { isSiteError } from '../../../src/errors/index.ts';
import { planSite } from '../../../src/plan/index.ts';
import type { PlannedPage } from '../../../src/plan/types.ts';
import { blogPage, makeConfig, makeMessages, makePage, makePlanOptions, makePost } from './make-site.ts';

const byPath = (pages: PlannedPage[]) => new Map(pages.map((p) => [p.path, p]));

describe('planSite: every page’s URL and file per locale', () => {
  it.each([
    [
      'home',
      { en: '', es: '' },
      [
        ['/', 'index.html'],
        ['/es/', 'es/index.html'],
      ],
    ],
    [
      'a page with its own Spanish slug',
      { en: 'careers', es: 'trabaja-con-nosotros' },
      [
        ['/careers/', 'careers/index.html'],
        ['/es/trabaja-con-nosotros/', 'es/trabaja-con-nosotros/index.html'],
      ],
    ],
    [
      'a nested slug',
      { en: 'landing/hero', es: 'landing/hero' },
      [
        ['/landing/hero/', 'landing/hero/index.html'],
        ['/es/landing/hero/', 'es/landing/hero/index.html'],
      ],
    ],
    [
      'a file page',
      { en: '404.html', es: '404.html' },
      [
        ['/404.html', '404.html'],
        ['/es/404.html', 'es/404.html'],
      ],
    ],
    ['a page only in English', { en: 'hire-react-js-experts-24h' }, [['/hire-react-js-experts-24h/', 'hire-react-js-experts-24h/index.html']]],
  ] as const)('%s', (_name, slug, expected) => {
    const page = makePage('subject', { slug: { ...slug } });
    const plan = planSite(makePlanOptions({ content: { pages: [page] } }));
    expect(plan.pages.map((p) => [p.path, p.outFile])).toEqual(expected);
  });

  it('puts the default locale unprefixed even when it is not English', () => {
    const config = makeConfig({ defaultLocale: 'es' });
    const plan = planSite(makePlanOptions({ config, content: { pages: [makePage('careers', { slug: { en: 'careers', es: 'trabaja-con-nosotros' } })] } }));
    expect(plan.pages.map((p) => p.path).sort()).toEqual(['/en/careers/', '/trabaja-con-nosotros/']);
  });

  it('gives each locale the routes of its pages, for links looked up by page id', () => {
    const plan = planSite(
      makePlanOptions({
        content: {
          pages: [
            makePage('home', { template: 'home', slug: { en: '', es: '' } }),
            makePage('careers', { slug: { en: 'careers', es: 'trabaja-con-nosotros' } }),
          ],
        },
      }),
    );
    expect(plan.shared.en!.routes).toEqual({ home: '/', careers: '/careers/' });
    expect(plan.shared.es!.routes).toEqual({ home: '/es/', careers: '/es/trabaja-con-nosotros/' });
  });
});

describe('planSite: alternates and head', () => {
  it.each([
    ['a page in both locales', { en: 'careers', es: 'trabaja-con-nosotros' }],
    ['the home page', { en: '', es: '' }],
  ])('links %s to each translation and back, with x-default on English', (_name, slug) => {
    const plan = planSite(makePlanOptions({ content: { pages: [makePage('subject', { slug })] } }));
    const [en, es] = plan.pages;
    const expected = [
      { hreflang: 'en', href: `https://southbridge.dev${en!.path}` },
      { hreflang: 'es', href: `https://southbridge.dev${es!.path}` },
      { hreflang: 'x-default', href: `https://southbridge.dev${en!.path}` },
    ];
    // Reciprocal: both pages carry the same set, so each names the other.
    expect(en!.head.alternates).toEqual(expected);
    expect(es!.head.alternates).toEqual(expected);
    expect(en!.head.canonical).toBe(`https://southbridge.dev${en!.path}`);
    expect([en!.head.ogLocale, en!.head.ogLocaleAlternates]).toEqual(['en_US', ['es_AR']]);
    expect([es!.head.ogLocale, es!.head.ogLocaleAlternates]).toEqual(['es_AR', ['en_US']]);
    expect(es!.pageContext.alternates).toEqual([
      { locale: 'en', path: en!.path, label: 'English' },
      { locale: 'es', path: es!.path, label: 'Español' },
    ]);
  });

  it.each([
    ['only in English', { en: 'match-dev' }, 'en', '/match-dev/'],
    ['only in Spanish', { es: 'desarrollo-de-apps' }, 'es', '/es/desarrollo-de-apps/'],
  ])('a page %s names itself and points x-default at itself', (_name, slug, locale, path) => {
    const plan = planSite(makePlanOptions({ content: { pages: [makePage('subject', { slug })] } }));
    expect(plan.pages).toHaveLength(1);
    const [page] = plan.pages;
    expect(page!.locale).toBe(locale);
    expect(page!.head.alternates).toEqual([
      { hreflang: locale, href: `https://southbridge.dev${path}` },
      { hreflang: 'x-default', href: `https://southbridge.dev${path}` },
    ]);
    expect(page!.head.ogLocaleAlternates).toEqual([]);
    expect(plan.shared[locale === 'en' ? 'es' : 'en']!.routes.subject).toBeUndefined();
  });

  it.each([
    ['an indexed page', { noindex: false }, { cards: true }, true, true],
    ['a noindex page', { noindex: true }, { cards: true }, false, false],
    ['a page kept out of the sitemap', { sitemap: false }, { cards: true }, false, true],
    ['an indexed page with social cards off', { noindex: false }, { cards: false }, true, false],
  ])('%s: sitemap and social card', (_name, pageOverrides, { cards }, inSitemap, hasCard) => {
    const config = makeConfig({ images: { socialCards: cards } });
    const plan = planSite(makePlanOptions({ config, content: { pages: [makePage('subject', { slug: { en: 'subject' }, ...pageOverrides })] } }));
    expect(plan.pages[0]!.inSitemap).toBe(inSitemap);
    expect(Boolean(plan.pages[0]!.head.ogImage)).toBe(hasCard);
    expect(plan.pages[0]!.head.noindex).toBe('noindex' in pageOverrides && pageOverrides.noindex);
  });
});

describe('planSite: the line above the title on social cards', () => {
  it.each([
    ['a page, from social-card.label in its locale', { en: { 'social-card.label': 'Nearshore engineering' } }, '/about/', 'Nearshore engineering'],
    ['a page, the site name when no locale has the message', { en: {}, es: {} }, '/about/', 'Southbridge Dev'],
    ['a post, the blog list page title', { en: {} }, '/blog/post-1/', 'blog (en)'],
  ])('%s', (_name, byLocale, path, label) => {
    const content = { pages: [makePage('about', { slug: { en: 'about' } }), blogPage({ en: 'blog' })], posts: { en: [makePost('en', 'post-1')] } };
    const plan = planSite(makePlanOptions({ content, messages: makeMessages(byLocale) }));
    expect(byPath(plan.pages).get(path)!.ogLabel).toBe(label);
  });
});

describe('planSite: the blog', () => {
  const posts = (n: number, locale = 'en') =>
    Array.from({ length: n }, (_, i) => makePost(locale, `post-${n - i}`, { date: `2026-01-${String(n - i).padStart(2, '0')}` }));

  it.each([
    [0, 2, [[0, null, null]]],
    [1, 2, [[1, null, null]]],
    [2, 2, [[2, null, null]]],
    [
      3,
      2,
      [
        [2, null, '/blog/page/2/'],
        [1, '/blog/', null],
      ],
    ],
    [
      4,
      2,
      [
        [2, null, '/blog/page/2/'],
        [2, '/blog/', null],
      ],
    ],
    [
      5,
      2,
      [
        [2, null, '/blog/page/2/'],
        [2, '/blog/', '/blog/page/3/'],
        [1, '/blog/page/2/', null],
      ],
    ],
  ] as const)('%i posts at %i per page: list pages with their posts, previous and next', (count, perPage, expected) => {
    const config = makeConfig({ blog: { postsPerPage: perPage } });
    const plan = planSite(makePlanOptions({ config, content: { pages: [blogPage({ en: 'blog' })], posts: { en: posts(count) } } }));
    const lists = plan.pages.filter((p) => p.template === 'blog-list');
    expect(lists.map((p) => p.path)).toEqual(expected.map((_, i) => (i === 0 ? '/blog/' : `/blog/page/${i + 1}/`)));
    expect(
      lists.map((p) => [
        (p.data.posts as unknown[]).length,
        (p.data.pagination as { previous: string | null }).previous,
        (p.data.pagination as { next: string | null }).next,
      ]),
    ).toEqual(expected);
    if (lists.length > 1) expect(lists[1]!.head.title).toBe(`blog (en) (2/${lists.length})`);
  });

  it('lists posts under the list page’s slug in each locale, newest first as content gives them', () => {
    const plan = planSite(
      makePlanOptions({ content: { pages: [blogPage({ en: 'blog', es: 'blog' })], posts: { en: posts(2), es: [makePost('es', 'event-loop-de-nodejs')] } } }),
    );
    const paths = byPath(plan.pages);
    expect(paths.get('/blog/post-2/')?.template).toBe('blog-post');
    expect(paths.get('/es/blog/event-loop-de-nodejs/')?.locale).toBe('es');
    // The Spanish post has no English translation: listed by date in English too, at its own URL and marked with its language.
    expect((paths.get('/blog/')!.data.posts as Array<{ path: string; locale?: string }>).map((p) => [p.path, p.locale])).toEqual([
      ['/es/blog/event-loop-de-nodejs/', 'es'],
      ['/blog/post-2/', undefined],
      ['/blog/post-1/', undefined],
    ]);
  });

  it('pairs translated posts by translationKey and leaves an unpaired post on its own', () => {
    const content = {
      pages: [blogPage()],
      posts: {
        en: [makePost('en', 'nodejs-event-loop-explained', { translationKey: 'event-loop' }), makePost('en', 'only-in-english')],
        es: [makePost('es', 'event-loop-de-nodejs', { translationKey: 'event-loop' })],
      },
    };
    const paths = byPath(planSite(makePlanOptions({ content })).pages);
    expect(paths.get('/es/blog/event-loop-de-nodejs/')!.head.alternates.map((a) => a.href)).toEqual([
      'https://southbridge.dev/blog/nodejs-event-loop-explained/',
      'https://southbridge.dev/es/blog/event-loop-de-nodejs/',
      'https://southbridge.dev/blog/nodejs-event-loop-explained/',
    ]);
    expect(paths.get('/blog/only-in-english/')!.head.alternates.map((a) => a.hreflang)).toEqual(['en', 'x-default']);
  });

  it('plans no page and no feed entry for a draft', () => {
    const draft = makePost('en', 'half-written', { draft: true });
    const plan = planSite(makePlanOptions({ content: { pages: [blogPage({ en: 'blog' })], posts: { en: posts(1) }, drafts: [draft] } }));
    expect(plan.pages.some((p) => p.path.includes('half-written'))).toBe(false);
    expect(plan.feeds.en!.entries.map((e) => e.url)).toEqual(['https://southbridge.dev/blog/post-1/']);
  });

  it('lists the newest posts in each feed, up to blog.feedEntries, while every post gets its page', () => {
    const config = makeConfig({ blog: { feedEntries: 3 } });
    const plan = planSite(makePlanOptions({ config, content: { pages: [blogPage()], posts: { en: posts(5), es: posts(2, 'es') } } }));
    expect(plan.feeds.en!.entries.map((e) => e.url)).toEqual(['post-5', 'post-4', 'post-3'].map((slug) => `https://southbridge.dev/blog/${slug}/`));
    expect(plan.feeds.es!.entries).toHaveLength(2);
    expect(plan.pages.filter((p) => p.template === 'blog-post' && p.locale === 'en')).toHaveLength(5);
    // Twenty when site.yaml says nothing.
    const plain = planSite(makePlanOptions({ content: { pages: [blogPage()], posts: { en: posts(25) } } }));
    expect(plain.feeds.en!.entries.map((e) => e.url).at(-1)).toBe('https://southbridge.dev/blog/post-6/');
    expect(plain.feeds.en!.entries).toHaveLength(20);
  });

  it('writes one feed per locale, linked from every page of that locale', () => {
    const plan = planSite(
      makePlanOptions({
        content: { pages: [makePage('home', { template: 'home', slug: { en: '', es: '' } }), blogPage()], posts: { en: posts(1), es: posts(1, 'es') } },
      }),
    );
    expect(plan.feeds.en!.path).toBe('/blog/feed.xml');
    expect(plan.feeds.es!.path).toBe('/es/blog/feed.xml');
    for (const page of plan.pages) expect(page.head.feed?.href).toBe(plan.feeds[page.locale]!.path);
  });
});

describe('planSite: mistakes stop the plan with the file and line', () => {
  it.each([
    [
      'two pages with one URL',
      { pages: [makePage('a', { slug: { en: 'same' } }), makePage('b', { slug: { en: 'same' } })] },
      'DuplicateUrl',
      'site/pages/b.yaml',
    ],
    ['a template that does not exist', { pages: [makePage('a', { template: 'landng' })] }, 'UnknownTemplate', 'site/pages/a.yaml'],
    ['an unknown collection', { pages: [makePage('a', { collections: ['portfolo'] })] }, 'UnknownCollection', 'site/pages/a.yaml'],
    [
      'a navbar link to a missing page',
      {
        navigation: {
          navbar: [{ label: 'Jobs', href: { page: 'jobs' } }],
          footer: [],
          file: 'site/navigation.yaml',
          locate: () => ({ file: 'site/navigation.yaml', line: 2 }),
        },
      },
      'UnknownPage',
      'site/navigation.yaml',
    ],
  ])('%s', (_name, content, name, file) => {
    let error: unknown;
    try {
      planSite(makePlanOptions({ content }));
    } catch (e) {
      error = e;
    }
    expect(isSiteError(error)).toBe(true);
    expect((error as { data: { name: string; location?: { file: string } } }).data).toMatchObject({ name, location: { file } });
  });
});
