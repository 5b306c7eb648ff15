import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../../src/node/hash.ts';

// Every cache key and hashed file name is made by contentHash: a change to its bytes would make
// every cache from an earlier version miss, and rename every hashed file. These digests were made
// by the first version, which hashed each part and a zero byte one call at a time.
describe('contentHash', () => {
  it('gives the digests the cache was built with, for text, bytes and both mixed', () => {
    expect(contentHash('pages-v7', 'Diseño a medida')).toBe('53f5b07a66ee16f2728e');
    expect(contentHash(Buffer.from([0xff, 0]), 'ñ', Buffer.from('x'), '')).toBe('875c129503758be3cfba');
    expect(contentHash()).toBe('e3b0c44298fc1c149afb');
  });

  it('hashes text before bytes as the bytes of each part and a zero byte, in order', () => {
    const expected = createHash('sha256')
      .update('pages-v8\0ñ\0')
      .update(Buffer.from([1, 2]))
      .update('\0')
      .update('fin\0')
      .digest('hex')
      .slice(0, 20);
    expect(contentHash('pages-v8', 'ñ', Buffer.from([1, 2]), 'fin')).toBe(expected);
  });

  it('tells parts apart from their concatenation', () => {
    expect(contentHash('ab', 'c')).not.toBe(contentHash('a', 'bc'));
    expect(contentHash('abc')).not.toBe(contentHash('ab', 'c'));
  });
});
