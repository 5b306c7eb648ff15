import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../src/errors/index.ts';
import { markdownToHast } from '../../../src/markdown/index.ts';

describe('markdownToHast', () => {
  it('renders GFM tables, heading ids and highlighted code without positions', () => {
    const { hast, headings } = markdownToHast('## Hello world\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst x = 1;\n```\n', 'post.md');
    const html = toHtml(hast);
    expect(html).toContain('<h2 id="hello-world">Hello world</h2>');
    expect(html).toContain('<table>');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(JSON.stringify(hast)).not.toContain('"position"');
    expect(headings).toEqual([{ depth: 2, id: 'hello-world', text: 'Hello world' }]);
  });

  it('turns the cta directive into a component element', () => {
    const html = toHtml(markdownToHast('Text\n\n::cta{kind="strategy-call"}\n', 'post.md').hast);
    expect(html).toContain('<cta-box kind="strategy-call"></cta-box>');
  });

  it('keeps text like 10:30 as text', () => {
    expect(toHtml(markdownToHast('Meet at 10:30 today', 'p.md').hast)).toContain('10:30');
  });

  it('rejects an unknown component with the line in the file', () => {
    try {
      markdownToHast('para\n\n::video{src="x"}\n', 'site/blog/en/p.md', 6);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SiteError);
      expect((error as SiteError).location).toMatchObject({ file: 'site/blog/en/p.md', line: 8 });
    }
  });

  it('says at which line of the file each link, image and heading was written, as the page shows them', () => {
    const body = [
      '### Start here',
      '',
      'See [the notes](/old-notes/) and ![A chart](./chart.png).',
      '',
      '<img src="icon.png" alt="">',
      '',
      '#### Then [this](/b/)',
    ].join('\n');
    const { sourceLines } = markdownToHast(body, 'site/blog/a-post/index.md', 7, '/blog/a-post/');
    expect(sourceLines).toEqual([
      ['h3', 'start-here', 7],
      ['a', '/old-notes/', 9],
      ['img', 'A chart', 9],
      ['img', '', 11],
      ['h4', 'then-this', 13],
      ['a', '/b/', 13],
    ]);
  });

  it('moves every heading of a body written with # headings one level down: the page title is the one h1', () => {
    const body = ['# Why we left the monolith', '', '## The first service', '', '<h1>Raw HTML too</h1>', '', '###### Deepest'].join('\n');
    const { hast, headings, sourceLines } = markdownToHast(body, 'site/blog/a-post/index.md', 5, '/blog/a-post/');
    const html = toHtml(hast);
    expect(html).not.toContain('<h1');
    expect(html).toContain('<h2 id="why-we-left-the-monolith">Why we left the monolith</h2>');
    expect(html).toContain('<h3 id="the-first-service">The first service</h3>');
    expect(html).toContain('<h2 id="raw-html-too">Raw HTML too</h2>');
    expect(html).toContain('<h6 id="deepest">Deepest</h6>');
    expect(headings.map((h) => h.depth)).toEqual([2, 3, 2, 6]);
    expect(sourceLines?.map(([tag, , line]) => [tag, line])).toEqual([
      ['h2', 5],
      ['h3', 7],
      ['h2', 9],
      ['h6', 11],
    ]);
    // A body without an h1 keeps its levels as written.
    expect(toHtml(markdownToHast('## Kept\n\n### As written', 'p.md').hast)).toBe('<h2 id="kept">Kept</h2>\n<h3 id="as-written">As written</h3>');
  });
});
