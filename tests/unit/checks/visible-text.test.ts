import { describe, expect, it } from 'vitest';
import { replaceMapped, visibleText } from '../../../src/checks/visible-text.ts';

/** The claims test's own steps (tests/build/site-build.test.ts), to compare the text exactly. */
function testsVisibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
    .replace(/<meta [^>]*content="([^"]*)"[^>]*>/g, '\n$1\n')
    .replace(/<\/(p|li|dt|dd|h[1-6]|div|td|th|figcaption|blockquote|summary|a|button|label)>|<br\s*\/?>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/[ \t]+/g, ' ');
}

const html = [
  '<html><head><meta name="description" content="A 14-day free trial &amp; more"/><script>var x = "7-day trial";</script></head>',
  '<body><ul class="facts"><li>6+</li><li>Apps shipped</li></ul>',
  '<p>Start your <strong>7-day</strong> free trial &#x27;today&#x27;.</p><pre>15-minute</pre></body></html>',
].join('\n');

describe('visibleText', () => {
  it('gives exactly the text the claims test reads', () => {
    expect(visibleText(html).text).toBe(testsVisibleText(html));
  });

  it('remembers where each character came from, so a claim is reported on its line', () => {
    const { text, offsets } = visibleText(html);
    const at = (needle: string) => html.slice(0, offsets[text.indexOf(needle)]).split('\n').length;
    expect(at('14-day free trial')).toBe(1);
    expect(at('Apps shipped')).toBe(2);
    expect(at('7-day free trial')).toBe(3);
    expect(html[offsets[text.indexOf('7-day free')]!]).toBe('7');
  });
});

describe('replaceMapped', () => {
  it('keeps offsets of kept text and gives inserted text the offset of its match', () => {
    const out = replaceMapped({ text: 'a<b>c', offsets: [0, 1, 2, 3, 4] }, /<[^>]+>/g, '  ');
    expect(out).toEqual({ text: 'a  c', offsets: [0, 1, 1, 4] });
  });
});
