import { describe, expect, it } from 'vitest';
import { countWords, readingMinutes } from '../../../src/content/reading-time.ts';

describe('countWords', () => {
  it('counts as /\\S+/g does, whatever code unit stands between two letters', () => {
    const differing: string[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const text = `a${String.fromCharCode(c)}b`;
      if (countWords(text) !== text.match(/\S+/g)!.length) differing.push(`U+${c.toString(16).padStart(4, '0')}`);
    }
    expect(differing).toEqual([]);
  });

  it('counts runs, not separators, at either end too', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  \n\t ')).toBe(0);
    expect(countWords('\u00a0Hola,\u3000mundo.\n\n```js\nconst x = 1;\n```\n')).toBe(8);
  });
});

describe('readingMinutes', () => {
  it('gives a short post one minute and rounds to the nearest at 220 words a minute', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `palabra${i}`).join(' \n');
    expect(readingMinutes('Hola.')).toBe(1);
    expect(readingMinutes(words(549))).toBe(2);
    expect(readingMinutes(words(551))).toBe(3);
  });
});
