import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { markdownToHast } from '../../../src/markdown/index.ts';

const render = (markdown: string, embedHosts: string[] = []) => {
  const result = markdownToHast(markdown, 'site/blog/en/post.md', 1, '/', { embedHosts });
  return { html: toHtml(result.hast), warnings: (result.warnings ?? []).map((w) => `${w.line}: ${w.message}`) };
};

describe('raw HTML in markdown', () => {
  // [raw HTML, what the page keeps, what the editor is told]
  const cases: Array<[string, string, string[]]> = [
    ['<details><summary>Why?</summary>Because.</details>', '<details><summary>Why?</summary>Because.</details>', []],
    ['<details open><summary>A</summary>B</details>', '<details open><summary>A</summary>B</details>', []],
    ['Press <kbd>Ctrl</kbd>+<kbd>C</kbd>', '<p>Press <kbd>Ctrl</kbd>+<kbd>C</kbd></p>', []],
    ['H<sub>2</sub>O and x<sup>2</sup>', '<p>H<sub>2</sub>O and x<sup>2</sup></p>', []],
    ['A <mark>key</mark> <abbr title="Content Security Policy">CSP</abbr>', '<p>A <mark>key</mark> <abbr title="Content Security Policy">CSP</abbr></p>', []],
    ['one<br>two', '<p>one<br>two</p>', []],
    [
      '<figure><img src="/images/a.png" alt="A chart"><figcaption>Q3</figcaption></figure>',
      '<figure><img src="/images/a.png" alt="A chart"><figcaption>Q3</figcaption></figure>',
      [],
    ],
    ['<video controls src="/media/demo.mp4"></video>', '<p><video controls src="/media/demo.mp4"></video></p>', []],
    [
      '<audio controls><source src="/media/a.mp3" type="audio/mpeg"></audio>',
      '<p><audio controls><source src="/media/a.mp3" type="audio/mpeg"></audio></p>',
      [],
    ],
    ['Old <font color="red">red</font> text', '<p>Old red text</p>', ['1: <font> removed, its text kept: not an element posts may use']],
    ['<center>Middle</center>', 'Middle', ['1: <center> removed, its text kept: not an element posts may use']],
    ['Hi\n\n<script>alert(1)</script>', '<p>Hi</p>', ['3: <script> removed with its content: raw HTML may not contain it']],
    ['<style>p{color:red}</style>', '', ['1: <style> removed with its content: raw HTML may not contain it']],
    ['<img src="/images/a.png" alt="A" onerror="alert(1)">', '<img src="/images/a.png" alt="A">', ['1: onerror="alert(1)" removed from <img>']],
    ['<p style="color: red" class="lead">Text</p>', '<p>Text</p>', ['1: style="color: red" removed from <p>', '1: class="lead" removed from <p>']],
    ['<a href="javascript:alert(1)">x</a>', '<p><a>x</a></p>', ['1: href="javascript:alert(1)" removed from <a>']],
    [
      '<video controls src="https://cdn.example.com/a.mp4"></video>',
      '<p><video controls></video></p>',
      ['1: src="https://cdn.example.com/a.mp4" removed from <video>: video and audio must be files of the site'],
    ],
    [
      '<iframe src="https://tracker.example.com/widget"></iframe>',
      '',
      ['1: <iframe src="https://tracker.example.com/widget"> removed: its host is not an allowed embed (site.yaml lists no embeds.hosts)'],
    ],
  ];
  it.each(cases)('%s', (raw, kept, told) => {
    const { html, warnings } = render(raw);
    expect(html.trim()).toBe(kept);
    expect(warnings).toEqual(told);
  });

  it('gives a raw <img> the same element as a markdown image, so the image pipeline renders it', () => {
    const fromHtml = markdownToHast('<img src="/images/team.jpg" alt="The team">', 'p.md').hast;
    const fromMarkdown = markdownToHast('![The team](/images/team.jpg)', 'p.md').hast;
    const img = (tree: typeof fromHtml) => JSON.stringify(tree).match(/\{"type":"element","tagName":"img".*?\}/)![0];
    expect(img(fromHtml)).toBe(img(fromMarkdown));
  });

  it('keeps markdown inside raw HTML blocks and the markdown around them', () => {
    const { html } = render('Intro\n\n<details>\n<summary>More</summary>\n\nSome **bold** text.\n\n</details>\n');
    expect(html).toContain('<details>\n<summary>More</summary>\n<p>Some <strong>bold</strong> text.</p>\n</details>');
  });

  it('reports at the line of the file, front matter counted', () => {
    const { warnings } = markdownToHast('Para\n\n<script>x</script>\n', 'site/blog/en/p.md', 8);
    expect(warnings).toEqual([{ line: 10, column: 1, message: '<script> removed with its content: raw HTML may not contain it' }]);
  });

  it('turns an iframe from a listed host into a click-to-load embed and removes one from another host', () => {
    const { html, warnings } = render(
      '<iframe src="https://www.youtube-nocookie.com/embed/Xy12" title="Our demo" onload="x()"></iframe>\n\n<iframe src="https://www.youtube.com/embed/Xy12"></iframe>\n',
      ['www.youtube-nocookie.com'],
    );
    expect(html).toContain(
      '<embed-frame src="https://www.youtube-nocookie.com/embed/Xy12" data-host="www.youtube-nocookie.com" title="Our demo"></embed-frame>',
    );
    expect(html).not.toContain('<iframe');
    expect(warnings).toEqual([
      '3: <iframe src="https://www.youtube.com/embed/Xy12"> removed: its host is not an allowed embed (site.yaml\'s embeds.hosts lists www.youtube-nocookie.com)',
    ]);
  });

  it('leaves directives and footnotes as they were when the post also has raw HTML', () => {
    const { html, warnings } = render('Text[^1] <kbd>K</kbd>\n\n::cta{kind="strategy-call"}\n\n[^1]: Note.\n');
    expect(html).toContain('<cta-box kind="strategy-call"></cta-box>');
    expect(html).toContain('href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref');
    expect(html).toMatch(/<section data-footnotes(="")? class="footnotes"><h2 class="sr-only" id="footnote-label">/);
    expect(html).toContain('<li id="user-content-fn-1">');
    expect(warnings).toEqual([]);
  });
});
