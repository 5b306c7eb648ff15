import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSocialCardDesign } from '../../../src/images/social-card-design.ts';

const design = parseSocialCardDesign(readFileSync(join(import.meta.dirname, '../../../templates/social-card.svg'), 'utf8'), 'templates/social-card.svg');
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** drawCard from a fresh module: the backgrounds it drew before are forgotten, except on disk. */
async function freshDrawCard() {
  vi.resetModules();
  return (await import('../../../src/images/og-images.ts')).drawCard;
}
const pixel = async (jpeg: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
};

describe('card backgrounds kept in the cache', () => {
  it('a build draws a background once, and the next takes its pixels from backgrounds/', async () => {
    dir = mkdtempSync(join(tmpdir(), 'agency-site-backgrounds-'));
    const card = { design, title: 'Nearshore teams that ship', siteName: 'Southbridge Dev', label: 'Blog' };
    const first = await (await freshDrawCard())(card, { dir });
    const [kept] = readdirSync(join(dir, 'backgrounds'));
    expect(kept).toMatch(/^[0-9a-f]{20}\.rgb$/);
    // Pixels of another colour where the background was: a card drawn now shows them.
    writeFileSync(join(dir, 'backgrounds', kept!), Buffer.alloc(1200 * 630 * 3, 200));
    const second = await (await freshDrawCard())(card, { dir });
    const corner = await pixel(second, 4, 4);
    corner.forEach((c) => expect(Math.abs(c - 200)).toBeLessThan(6));
    expect(await pixel(first, 4, 4)).not.toEqual(corner);
  });

  it('a damaged background is drawn again; past 16 kept, the oldest go', async () => {
    dir = mkdtempSync(join(tmpdir(), 'agency-site-backgrounds-'));
    const drawCard = await freshDrawCard();
    await drawCard({ design, title: 'Uno', siteName: 'Southbridge Dev', label: 'Blog' }, { dir });
    const [kept] = readdirSync(join(dir, 'backgrounds'));
    writeFileSync(join(dir, 'backgrounds', kept!), 'cut short');
    await (
      await freshDrawCard()
    )({ design, title: 'Uno', siteName: 'Southbridge Dev', label: 'Blog' }, { dir });
    expect(readFileSync(join(dir, 'backgrounds', kept!)).length).toBe(1200 * 630 * 3);
    for (let i = 0; i < 16; i++) {
      const old = join(dir, 'backgrounds', `old${String(i).padStart(2, '0')}.rgb`);
      writeFileSync(old, '');
      utimesSync(old, 1_000_000 + i, 1_000_000 + i);
    }
    await drawCard({ design, title: 'Dos', siteName: 'Southbridge Dev', label: 'Careers' }, { dir });
    const left = readdirSync(join(dir, 'backgrounds')).sort();
    expect(left).toHaveLength(16);
    expect(left).not.toContain('old00.rgb');
    expect(left).not.toContain('old01.rgb');
    expect(left).toContain(kept);
  });
});
