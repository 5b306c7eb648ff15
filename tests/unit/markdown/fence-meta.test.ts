import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { parseFenceMeta } from '../../../src/markdown/fence-meta.ts';
import { markdownToHast } from '../../../src/markdown/index.ts';

describe('parseFenceMeta', () => {
  // [lang as remark reads it, meta, language, marked lines, title, line numbers]
  const cases: Array<[string | null, string | null, string | undefined, number[], string | undefined, boolean]> = [
    ['jsx{1,3}', null, 'jsx', [1, 3], undefined, false],
    ['jsx{1-2,7-8}', null, 'jsx', [1, 2, 7, 8], undefined, false],
    ['jsx', '{1-4,7}', 'jsx', [1, 2, 3, 4, 7], undefined, false],
    ['js', '{3,1,3}', 'js', [1, 3], undefined, false],
    ['jsx', 'title="App.jsx"', 'jsx', [], 'App.jsx', false],
    ['jsx', "title='My App.jsx' {2}", 'jsx', [2], 'My App.jsx', false],
    ['ts', 'showLineNumbers', 'ts', [], undefined, true],
    ['ts{2}', 'title=main.ts showLineNumbers', 'ts', [2], 'main.ts', true],
    ['js', '{ 1 - 2 , 5 }', 'js', [1, 2, 5], undefined, false],
    ['js', '{1,x}', 'js', [], undefined, false],
    ['js', 'showLineNumbersPlease', 'js', [], undefined, false],
    // Hugo's attributes.
    ['go', '{linenos=true,hl_lines=[2,"4-5"]}', 'go', [2, 4, 5], undefined, true],
    ['go', '{hl_lines="1 3-4" linenos=table}', 'go', [1, 3, 4], undefined, true],
    ['go', '{hl_lines=[1]}', 'go', [1], undefined, false],
    ['go', '{linenos=false,hl_lines=2-3}', 'go', [2, 3], undefined, false],
    ['js', null, 'js', [], undefined, false],
    [null, null, undefined, [], undefined, false],
  ];
  it.each(cases)('```%s %s', (lang, meta, language, lines, title, showLineNumbers) => {
    const parsed = parseFenceMeta(lang, meta);
    expect(parsed.language).toBe(language);
    expect(parsed.lines).toEqual(lines);
    expect(parsed.title).toBe(title);
    expect(parsed.showLineNumbers).toBe(showLineNumbers);
  });
});

describe('fences with meta in markdown', () => {
  it('names the language alone and marks the lines, across a comment spanning two lines', () => {
    const { hast } = markdownToHast('```jsx{1,3}\nconst a = 1;\n/* one\ntwo */\nfour();\n```\n', 'post.md');
    const html = toHtml(hast);
    expect(html).toContain('<code class="hljs language-jsx">');
    expect(html).not.toContain('{1,3}');
    const lines = html.match(/<(mark|span) class="code-line">/g);
    expect(lines).toEqual(['<mark class="code-line">', '<span class="code-line">', '<mark class="code-line">', '<span class="code-line">']);
    // The comment is cut at the line break, each half still a comment.
    expect(html).toContain('<mark class="code-line"><span class="hljs-comment">two */</span>\n</mark>');
  });

  it('puts a title above the block and numbers the lines when asked', () => {
    const html = toHtml(markdownToHast('```ts title="main.ts" showLineNumbers\nlet x = 1;\n```\n', 'post.md').hast);
    expect(html).toMatch(/^<figure class="code-block"><figcaption class="code-title">main.ts<\/figcaption><pre class="line-numbers"><code/);
    expect(html).not.toContain('data-');
  });

  it('numbers the lines in a post that also has raw HTML (parsed again as HTML, the flag arrives as "")', () => {
    const html = toHtml(markdownToHast('```js {2} title="drain.js" showLineNumbers\na;\nb;\n```\n\nPress <kbd>Ctrl</kbd>\n', 'post.md').hast);
    expect(html).toMatch(/^<figure class="code-block"><figcaption class="code-title">drain.js<\/figcaption><pre class="line-numbers"><code/);
    expect(html).toContain('<mark class="code-line">b;');
    expect(html).not.toContain('data-');
  });

  it('leaves a fence without meta exactly as the highlighter made it', () => {
    const html = toHtml(markdownToHast('```js\nconst x = 1;\n```\n', 'post.md').hast);
    expect(html).toBe('<pre><code class="hljs language-js"><span class="hljs-keyword">const</span> x = <span class="hljs-number">1</span>;\n</code></pre>');
  });

  it('warns once per language it cannot highlight, at the fence line of the file', () => {
    const { hast, warnings } = markdownToHast('Intro\n\n```cobol\nDISPLAY "HI".\n```\n', 'site/blog/en/old.md', 4);
    expect(toHtml(hast)).toContain('<code class="hljs language-cobol">DISPLAY "HI".\n</code>');
    expect(warnings).toEqual([
      { line: 6, message: '```cobol: no highlighting for this language; its blocks are shown as plain text (said once per build)', once: 'language:cobol' },
    ]);
  });
});
