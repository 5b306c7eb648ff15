import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { markdownSources } from '../../../src/checks/markdown-sources.ts';
import type { SitePlan } from '../../../src/plan/index.ts';
import { hashBody } from '../../../src/content/markdown-source.ts';
import type { Tag } from '../../../src/checks/types.ts';
import { makePage } from './support.ts';

// A post whose body starts on line 6, and the page built from it: the template's own link to
// /blog/ and heading come before the body, and the body links to /blog/ too.
const dir = mkdtempSync(join(tmpdir(), 'agency-site-markdown-sources-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const text =
  '---\ntitle: Leaks\ndescription: Notes.\ndate: 2026-01-01\n---\n### Start here\n\nSee [old notes](/old-notes/) and [the blog](/blog/).\n\nOld <font>red</font> text.\n';
const path = join(dir, 'leaks.md');
writeFileSync(path, text);
const bodyOffset = text.indexOf('### Start');
const plan = {
  pages: [
    {
      path: '/blog/leaks/',
      markdown: {
        file: 'site/blog/en/leaks.md',
        path,
        bodyOffset,
        bodyLine: 6,
        dir: '/blog/en/',
        hash: hashBody(text.slice(bodyOffset)),
        images: [],
        field: 'post.body',
      },
    },
  ],
} as unknown as SitePlan;
const sources = markdownSources({ plan, cacheDir: join(dir, '.cache'), constants: {}, embedHosts: [] });
const page = makePage(
  '<html><body><a href="/blog/">Blog</a><h1>Leaks</h1>\n<h3 id="start-here">Start here</h3>\n<p>See <a href="/old-notes/">old notes</a> and <a href="/blog/">the blog</a>.</p></body></html>',
  { rel: 'blog/leaks/index.html' },
);
const at = (match: (tag: Tag) => boolean) => sources.locate(page, page.tags.find(match)!);

describe('markdownSources', () => {
  it('names the markdown line of a link and a heading the body wrote, with the page beside it', () => {
    expect(at((t) => t.attrs.href === '/old-notes/')).toEqual({ file: 'site/blog/en/leaks.md', line: 8, page: '/blog/leaks/' });
    expect(at((t) => t.name === 'h3')).toEqual({ file: 'site/blog/en/leaks.md', line: 6, page: '/blog/leaks/' });
  });

  it('leaves a tag the template wrote, or one it cannot tell from the template, to the built line', () => {
    expect(at((t) => t.name === 'h1')).toBeUndefined();
    // /blog/ is in the navbar and in the body: two on the page, one in the markdown.
    expect(at((t) => t.attrs.href === '/blog/')).toBeUndefined();
    // A page no markdown made.
    const about = makePage('<a href="/old-notes/">x</a>', { rel: 'about/index.html' });
    expect(sources.locate(about, about.tags[0]!)).toBeUndefined();
  });

  it('reports what raw HTML lost at its line, once', () => {
    expect(sources.warnings().map((f) => [f.severity, f.check, f.file, f.line, f.page, f.message])).toEqual([
      ['warning', 'content', 'site/blog/en/leaks.md', 10, '/blog/leaks/', '<font> removed, its text kept: not an element posts may use'],
    ]);
  });
});
