import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planSite, replanPages, replanPosts, replanShared, type PlanSiteOptions } from '../../../src/plan/index.ts';
import { blogPage, makeConfig, makeMessages, makePage, makePlanOptions, makePost } from './make-site.ts';

// A watch session plans only what a change reaches; each partial plan must equal planning the whole site again.
const posts = (title = 'Post b') => ({
  en: [makePost('en', 'b', { title, translationKey: 'b', date: '2026-03-05' }), makePost('en', 'a', { date: '2026-03-01' })],
  es: [makePost('es', 'b-es', { translationKey: 'b', date: '2026-03-05' })],
});
const services = (title: string) => [{ id: 'augmentation', title: { en: title, es: 'Ampliación' } }];
const site = (o: { title?: string; service?: string; label?: string } = {}): PlanSiteOptions =>
  makePlanOptions({
    content: {
      pages: [makePage('home', { template: 'home', slug: { en: '', es: '' }, collections: ['services'] }), makePage('careers'), blogPage()],
      collections: { services: services(o.service ?? 'Staff augmentation') },
      posts: posts(o.title),
    },
    messages: makeMessages({ en: { 'social-card.label': 'Nearshore engineering', 'blog.written-on': o.label ?? 'Written on' } }),
  });

/** A site with a blog of two posts a list page, and a page of a plan by its path. */
const pagedBlog = (posts: PlanSiteOptions['content']['posts']): PlanSiteOptions =>
  makePlanOptions({
    config: makeConfig({ blog: { postsPerPage: 2 } }),
    content: { pages: [makePage('home', { template: 'home', slug: { en: '', es: '' } }), blogPage()], posts },
  });
const pageAt = (plan: ReturnType<typeof planSite>, path: string) => plan.pages.find((p) => p.path === path)!;

describe('partial plans equal a whole plan of the same sources', () => {
  it('a collection edit: the pages that list it', () => {
    const after = site({ service: 'Staff augmentation in 24 hours' });
    expect(replanPages(planSite(site()), new Set(['home']), after)).toEqual(planSite(after));
  });

  it("a post's title: the post, its translation, the list pages and the feeds", () => {
    const after = site({ title: 'Post b, renamed' });
    const replanned = replanPosts(planSite(site()), new Set([resolve('site/blog/en/b.md')]), after);
    expect(replanned).toEqual(planSite(after));
    expect(replanned!.feeds.en!.entries[0]!.title).toBe('Post b, renamed');
  });

  it("a post's title on a list of many pages: only the list pages that show it are drafted again", () => {
    // Two posts a page, newest first: the English list is e, d | c, b | z, a, where z is the
    // Spanish-only post (untranslated, listed in English too).
    const many = (title: string) =>
      pagedBlog({
        en: ['a', 'b', 'c', 'd', 'e'].map((slug, i) => makePost('en', slug, { date: `2026-03-0${i + 1}`, ...(slug === 'a' ? { title } : {}) })),
        es: [makePost('es', 'z', { date: '2026-03-02', title: 'Solo en español' })],
      });
    const before = planSite(many('Post a'));
    const after = many('Post a, renamed');
    const replanned = replanPosts(before, new Set([resolve('site/blog/en/a.md')]), after)!;
    expect(replanned).toEqual(planSite(after));
    // Post a is on the last English page: that page is new, the two before it are the last plan's own.
    expect(pageAt(replanned, '/blog/page/3/')).not.toBe(pageAt(before, '/blog/page/3/'));
    expect(pageAt(replanned, '/blog/page/3/').data.posts).toContainEqual(expect.objectContaining({ title: 'Post a, renamed' }));
    expect(pageAt(replanned, '/blog/')).toBe(pageAt(before, '/blog/'));
    expect(pageAt(replanned, '/blog/page/2/')).toBe(pageAt(before, '/blog/page/2/'));
    // The Spanish list shows the English posts too (untranslated): only the page with post a changes.
    expect(pageAt(replanned, '/es/blog/page/3/')).not.toBe(pageAt(before, '/es/blog/page/3/'));
    expect(pageAt(replanned, '/es/blog/')).toBe(pageAt(before, '/es/blog/'));
  });

  it("a post's title on list pages of different numbers in each language: those pages and their translations", () => {
    // Two posts a page. English: e, d | c, b | a. Spanish: b-es (b's translation, dated later), e | d, c | a,
    // the English posts without a translation listed in Spanish too. Post d is on page 1 in English, 2 in Spanish.
    const shifted = (title: string) =>
      pagedBlog({
        en: ['a', 'b', 'c', 'd', 'e'].map((slug, i) =>
          makePost('en', slug, { date: `2026-03-0${i + 1}`, ...(slug === 'b' ? { translationKey: 'b' } : {}), ...(slug === 'd' ? { title } : {}) }),
        ),
        es: [makePost('es', 'b-es', { translationKey: 'b', date: '2026-03-06' })],
      });
    const before = planSite(shifted('Post d'));
    const after = shifted('Post d, renamed');
    const replanned = replanPosts(before, new Set([resolve('site/blog/en/d.md')]), after)!;
    // Each list page's alternates name its translation: pages 1 and 2 are drafted in both languages.
    expect(replanned).toEqual(planSite(after));
    for (const path of ['/blog/', '/blog/page/2/', '/es/blog/', '/es/blog/page/2/']) expect(pageAt(replanned, path), path).not.toBe(pageAt(before, path));
    expect(pageAt(replanned, '/blog/page/3/')).toBe(pageAt(before, '/blog/page/3/'));
    expect(pageAt(replanned, '/es/blog/page/3/')).toBe(pageAt(before, '/es/blog/page/3/'));
  });

  it('a message no planning step reads: the shared data', () => {
    const after = site({ label: 'Published on' });
    const replanned = replanShared(planSite(site()), after);
    expect(replanned).toEqual(planSite(after));
    expect(replanned.shared.en!.messages['blog.written-on']).toBe('Published on');
  });

  it('without a blog list page there is no blog to plan again', () => {
    const options = makePlanOptions();
    expect(replanPosts(planSite(options), new Set(), options)).toBeUndefined();
  });
});
