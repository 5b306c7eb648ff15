import { describe, expect, it } from 'vitest';
import { newestFirst } from '../../../src/content/index.ts';

const order = (posts: Array<{ date: string; slug: string }>) => [...posts].sort(newestFirst).map((p) => `${p.date} ${p.slug}`);

describe('newestFirst', () => {
  it('puts the newest day first, and posts of one day in the order localeCompare gives their slugs', () => {
    const slugs = ['zeta', 'a-b', 'ab', 'a0', 'a', 'b-2', 'b10', 'b-10', 'b2', 'x-y-z', '9lives'];
    const sameDay = slugs.map((slug) => ({ date: '2026-11-20', slug }));
    expect(order([{ date: '2026-11-21', slug: 'zz' }, ...sameDay, { date: '2026-01-02', slug: 'aa' }])).toEqual([
      '2026-11-21 zz',
      ...[...slugs].sort((a, b) => a.localeCompare(b)).map((s) => `2026-11-20 ${s}`),
      '2026-01-02 aa',
    ]);
  });

  it('orders slugs outside lowercase letters, digits and "-" as localeCompare does', () => {
    // By code unit, "Z" and "_" would come before "a", and "ñ" after "z".
    const slugs = ['zorro', 'ñandu', 'nube', 'Zeta', 'alba', '_borrador', 'ála'];
    expect(order(slugs.map((slug) => ({ date: '2026-05-05', slug })))).toEqual([...slugs].sort((a, b) => a.localeCompare(b)).map((s) => `2026-05-05 ${s}`));
  });
});
