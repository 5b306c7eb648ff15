import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, copyFixture, read } from '../support/fixture.ts';

// The basic fixture has Spanish-only posts; an English-only one is added here.
let f: Awaited<ReturnType<typeof copyFixture>>;
const ENGLISH_ONLY = `---
title: Shipping on Fridays
description: Why we deploy any day of the week, and what makes it safe.
date: 2026-02-20
tags: [devops]
translationKey: fridays
---

Small changes, feature flags and a rollback that takes a minute.
`;

beforeAll(async () => {
  f = await copyFixture('basic');
  await writeFile(join(f.site, 'blog/en/shipping-on-fridays.md'), ENGLISH_ONLY);
  await buildFixture(f);
}, 120_000);
afterAll(() => f.cleanup());

const listItems = (html: string) => [...html.matchAll(/<li class="post-card"[\s\S]*?<\/li>/g)].map((m) => m[0]);

describe('a post with no translation in the other language', () => {
  it('is listed in the Spanish blog, marked "Solo en inglés", linking to the English URL with hreflang="en"', async () => {
    const html = (await read(f.out, 'es/blog/index.html')) + (await read(f.out, 'es/blog/page/2/index.html').catch(() => ''));
    const item = listItems(html).find((li) => li.includes('Shipping on Fridays'));
    expect(item).toBeDefined();
    expect(item).toContain('lang="en"');
    expect(item).toMatch(/<p class="post-card-language" lang="es">Solo en inglés<\/p>/);
    expect(item).toMatch(/<a href="\/blog\/shipping-on-fridays\/" hrefLang="en">|<a href="\/blog\/shipping-on-fridays\/" hreflang="en">/);
  });

  it('gets no Spanish page, feed entry or sitemap URL, and keeps its one canonical', async () => {
    expect(existsSync(join(f.out, 'es/blog/shipping-on-fridays/index.html'))).toBe(false);
    expect(await read(f.out, 'es/blog/feed.xml')).not.toContain('shipping-on-fridays');
    expect(await read(f.out, 'blog/feed.xml')).toContain('https://fixture.example/blog/shipping-on-fridays/');
    const sitemap = await read(f.out, 'sitemap.xml');
    expect(sitemap).toContain('<loc>https://fixture.example/blog/shipping-on-fridays/</loc>');
    expect(sitemap).not.toContain('https://fixture.example/es/blog/shipping-on-fridays/');
    const post = await read(f.out, 'blog/shipping-on-fridays/index.html');
    expect(post.match(/rel="canonical"/g)).toHaveLength(1);
    expect(post).toContain('<link rel="canonical" href="https://fixture.example/blog/shipping-on-fridays/"');
    expect(post).not.toContain('hreflang="es"');
  });

  it('lists the Spanish-only posts in the English blog as "Spanish only", linked in Spanish', async () => {
    const html = (await read(f.out, 'blog/index.html')) + (await read(f.out, 'blog/page/2/index.html').catch(() => ''));
    const item = listItems(html).find((li) => li.includes('/es/blog/solo-en-espanol/'));
    expect(item).toMatch(/<p class="post-card-language" lang="en">Spanish only<\/p>/);
    expect(item).toMatch(/hreflang="es"|hrefLang="es"/);
  });

  it("switches language to the other language's blog with a notice, never to a missing page", async () => {
    const english = await read(f.out, 'blog/shipping-on-fridays/index.html');
    const switcher = /<ul class="language-switcher"[\s\S]*?<\/ul>/.exec(english)?.[0];
    expect(switcher).toContain('href="/es/blog/"');
    expect(switcher).toContain('<span lang="es">Español</span>');
    expect(switcher).toContain('no translation yet; opens the blog');
    const spanish = await read(f.out, 'es/blog/solo-en-espanol/index.html');
    const back = /<ul class="language-switcher"[\s\S]*?<\/ul>/.exec(spanish)?.[0];
    expect(back).toContain('href="/blog/"');
    expect(back).toContain('todavía sin traducción; abre el blog');
  });

  it('is left out of the other language with blog.fallback: hide', async () => {
    const hidden = await copyFixture('basic');
    try {
      await writeFile(join(hidden.site, 'blog/en/shipping-on-fridays.md'), ENGLISH_ONLY);
      const siteYaml = join(hidden.site, 'site.yaml');
      await writeFile(siteYaml, (await readFile(siteYaml, 'utf8')).replace('  postsPerPage: 2', '  postsPerPage: 2\n  fallback: hide'));
      await buildFixture(hidden);
      expect(await read(hidden.out, 'es/blog/index.html')).not.toContain('Shipping on Fridays');
      expect(await read(hidden.out, 'blog/index.html')).not.toContain('/es/blog/solo-en-espanol/');
    } finally {
      await hidden.cleanup();
    }
  });
});
