// Each locale's feed lists the newest posts only (blog.feedEntries in site.yaml): a reader polls it,
// so it stays small however long the blog grows. Every post keeps its page and its sitemap URL.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, copyFixture, read } from '../support/fixture.ts';

type Fixture = Awaited<ReturnType<typeof copyFixture>>;
let f: Fixture;
let cold: Fixture;

const post = (slug: string, title: string, date: string) =>
  `---\ntitle: ${title}\ndescription: What we learned from ${title.toLowerCase()}.\ndate: ${date}\ntags: [delivery]\n---\n\nNotes from the sprint review.\n`;
const POSTS: Array<[string, string, string]> = [
  ['release-trains', 'Release trains', '2026-04-02'],
  ['pairing-across-time-zones', 'Pairing across time zones', '2026-04-09'],
  ['the-first-week', 'The first week', '2026-04-16'],
];

async function prepare(fixture: Fixture) {
  const yaml = join(fixture.site, 'site.yaml');
  const text = await readFile(yaml, 'utf8');
  expect(text).toMatch(/^ {2}postsPerPage: 2$/m);
  await writeFile(yaml, text.replace(/^ {2}postsPerPage: 2$/m, '  postsPerPage: 2\n  feedEntries: 2'));
  for (const [slug, title, date] of POSTS) await writeFile(join(fixture.site, `blog/en/${slug}.md`), post(slug, title, date));
}
const entries = (feed: string) => [...feed.matchAll(/<entry><title>([^<]*)<\/title>/g)].map((m) => m[1]);

beforeAll(async () => {
  f = await copyFixture('basic');
  cold = await copyFixture('basic');
  await prepare(f);
  await prepare(cold);
}, 60_000);
afterAll(async () => {
  await f?.cleanup();
  await cold?.cleanup();
});

describe('blog.feedEntries', () => {
  it('lists the newest posts in the feed, dated by the newest of them, and keeps every page', async () => {
    await buildFixture(f);
    const feed = await read(f.out, 'blog/feed.xml');
    expect(entries(feed)).toEqual(['The first week', 'Pairing across time zones']);
    expect(feed.match(/<updated>[^<]*<\/updated>/)![0]).toBe('<updated>2026-04-16T00:00:00Z</updated>');
    expect(await read(f.out, 'blog/release-trains/index.html')).toContain('Release trains');
    expect(await read(f.out, 'sitemap.xml')).toContain('<loc>https://fixture.example/blog/release-trains/</loc>');
  }, 60_000);

  it('after watch saves, holds what a cold build of the same sources writes', async () => {
    const session = f.watch();
    await session.build();
    // A post too old for the feed, then a listed one, then a new post that pushes the oldest out.
    const edits: Array<[string, string]> = [
      ['blog/en/release-trains.md', post('release-trains', 'Release trains, revisited', '2026-04-02')],
      ['blog/en/the-first-week.md', post('the-first-week', 'The first week, day by day', '2026-04-16')],
      ['blog/en/estimates.md', post('estimates', 'Estimates that hold', '2026-04-23')],
    ];
    for (const [rel, text] of edits) {
      await writeFile(join(f.site, rel), text);
      await writeFile(join(cold.site, rel), text);
      await session.build([join(f.site, rel)]);
      await buildFixture(cold);
      expect(await read(f.out, 'blog/feed.xml')).toBe(await read(cold.out, 'blog/feed.xml'));
    }
    expect(entries(await read(f.out, 'blog/feed.xml'))).toEqual(['Estimates that hold', 'The first week, day by day']);
  }, 120_000);
});
