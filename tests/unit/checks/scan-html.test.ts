import { describe, expect, it } from 'vitest';
import { decodeEntities, innerHtml, lineIndex, scanTags, textOf } from '../../../src/checks/scan-html.ts';

describe('scanTags', () => {
  it('reads start tags with decoded attributes, names in lower case, and where they are', () => {
    const html = '<!DOCTYPE html><html lang="es"><a HREF="/x/?a=1&amp;b=2" data-x=\'y\' hidden>x</a></html>';
    const tags = scanTags(html);
    expect(tags.map((t) => t.name)).toEqual(['html', 'a']);
    expect(tags[1]!.attrs).toEqual({ href: '/x/?a=1&b=2', 'data-x': 'y', hidden: '' });
    expect(html.slice(tags[1]!.start, tags[1]!.end)).toBe('<a HREF="/x/?a=1&amp;b=2" data-x=\'y\' hidden>');
  });

  it('skips comments and the inside of scripts and styles, and a ">" inside a quoted value', () => {
    const html = '<!-- <a href="/hidden/"> --><script>if (a < b) document.write("<img src=x>")</script><style>a>b{}</style><p title="a > b">t</p>';
    expect(scanTags(html).map((t) => [t.name, t.attrs])).toEqual([
      ['script', {}],
      ['style', {}],
      ['p', { title: 'a > b' }],
    ]);
  });
});

describe('textOf and innerHtml', () => {
  it('gives the text of an element without its inner tags, and the raw source of a script', () => {
    const html = '<h2 id="a">Hello <code>x &amp; y</code>\n  there</h2><script>let a = "</p>";</script>';
    const [h2, , script] = scanTags(html);
    expect(textOf(html, h2!)).toBe('Hello x & y there');
    expect(innerHtml(html, script!)).toBe('let a = "</p>";');
  });
});

describe('decodeEntities', () => {
  it.each([
    ['a &amp; b', 'a & b'],
    ['&#x27;quoted&#39;', "'quoted'"],
    ['&quot;&lt;&gt;', '"<>'],
    ['caf&#233;', 'café'],
    ['&unknown; stays', '&unknown; stays'],
  ])('%s → %s', (input, output) => expect(decodeEntities(input)).toBe(output));
});

describe('lineIndex', () => {
  it('gives the 1-based line of an offset', () => {
    const lineAt = lineIndex('one\ntwo\n\nfour');
    expect([0, 3, 4, 8, 9, 12].map(lineAt)).toEqual([1, 1, 2, 3, 4, 4]);
  });
});
