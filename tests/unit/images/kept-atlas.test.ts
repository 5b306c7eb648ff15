import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { findFontFile, readFontMetrics } from '../../../src/images/font-metrics.ts';
import { GlyphAtlas } from '../../../src/images/glyph-atlas.ts';
import { OG_WIDTH, parseSocialCardDesign, wrapTitle } from '../../../src/images/social-card-design.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;
const design = parseSocialCardDesign(readFileSync(join(ROOT, 'templates/social-card.svg'), 'utf8'), 'templates/social-card.svg');
const dirs: string[] = [];
const cacheDir = () => {
  dirs.push(mkdtempSync(join(tmpdir(), 'agency-site-kept-atlas-')));
  return dirs.at(-1)!;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

type OgImages = typeof import('../../../src/images/og-images.ts');
/** og-images as a new process has it: no atlas, background or card sizes in memory. */
async function freshProcess(): Promise<OgImages> {
  vi.resetModules();
  return import('../../../src/images/og-images.ts');
}

// A cold build draws these through the atlas; the edited title uses only their characters.
const many = Array.from({ length: 45 }, (_, i) => ({ title: `Release ${i}: what we shipped for the partners portal, and why`, label: 'Blog' }));
const edited = { title: 'Release 7: what we shipped for the partners portal, and why not', label: 'Blog' };
const draw = async (ogImages: OgImages, jobs: typeof many, dir: string) => {
  const { byJob } = await ogImages.renderOgImages({ jobs, design, siteName: 'Southbridge Dev', cacheDir: dir });
  return readFileSync(byJob.get(edited)!.linkFrom);
};

describe('a build that draws a few cards starts from the glyph atlas an earlier build kept', () => {
  it('draws a new title from the kept atlas, to the bytes a build of many cards gives it', async () => {
    const cold = cacheDir();
    const reference = await draw(await freshProcess(), [...many, edited], cold);
    const kept = join((await freshProcess()).socialCardCacheDir(cold), 'atlases');
    expect(readdirSync(kept)).toHaveLength(1);

    // A later build (a post's title edited) whose cache holds the kept atlas and no cards yet.
    const later = cacheDir();
    cpSync(kept, join((await freshProcess()).socialCardCacheDir(later), 'atlases'), { recursive: true });
    expect((await draw(await freshProcess(), [edited], later)).equals(reference)).toBe(true);

    // Without it, one card is drawn by librsvg on a strip: other bytes, so the test above saw the atlas.
    expect((await draw(await freshProcess(), [edited], cacheDir())).equals(reference)).toBe(false);
  });

  it('starts a new atlas when the kept one is damaged: the same card, and a whole atlas kept again', async () => {
    const cold = cacheDir();
    const reference = await draw(await freshProcess(), [...many, edited], cold);
    const ogImages = await freshProcess();
    const kept = join(ogImages.socialCardCacheDir(cold), 'atlases');
    const [file] = readdirSync(kept);
    const whole = readFileSync(join(kept, file!));
    const later = cacheDir();
    const laterKept = join(ogImages.socialCardCacheDir(later), 'atlases');
    cpSync(kept, laterKept, { recursive: true });
    writeFileSync(join(laterKept, file!), whole.subarray(0, whole.length - 100));
    expect((await draw(await freshProcess(), [edited], later)).equals(reference)).toBe(true);
    // Replaced by the atlas of the characters this build drew, which a later build can read.
    const replaced = readFileSync(join(laterKept, file!));
    expect(replaced.length).toBeLessThan(whole.length);
    const font = replaced.subarray(0, replaced.indexOf(10)).toString();
    expect(new GlyphAtlas(design.title, readFontMetrics(font)!).load(replaced.subarray(replaced.indexOf(10) + 1))).toBe(true);
  });
});

describe('GlyphAtlas.toBytes and load', () => {
  it('gives an atlas that blends titles to the same pixels, and refuses bytes cut short or from elsewhere', async () => {
    const metrics = readFontMetrics(findFontFile(design.title.fontFamily, design.title.fontWeight)!)!;
    const lines = wrapTitle('¿Cómo migrar un blog de Gatsby sin perder tráfico?', design.title.maxChars, design.title.maxLines);
    const drawn = new GlyphAtlas(design.title, metrics);
    await drawn.add(lines, async () => sharp);
    const bytes = drawn.toBytes();
    const loaded = new GlyphAtlas(design.title, metrics);
    expect(loaded.load(bytes)).toBe(true);
    expect([loaded.size, lines.every((line) => loaded.covers(line))]).toEqual([drawn.size, true]);
    const blended = (atlas: GlyphAtlas) => {
      const image = Buffer.alloc(OG_WIDTH * 630 * 3, 40);
      atlas.blend(image, OG_WIDTH, 0, lines);
      return image;
    };
    expect(blended(loaded).equals(blended(drawn))).toBe(true);
    for (const damaged of [
      bytes.subarray(0, bytes.length - 1),
      Buffer.concat([bytes, Buffer.from([0])]),
      Buffer.from('{"not":"an atlas"}\n'),
      Buffer.from('no line'),
    ]) {
      const atlas = new GlyphAtlas(design.title, metrics);
      expect(atlas.load(damaged)).toBe(false);
      expect(atlas.size).toBe(0);
    }
  });
});
