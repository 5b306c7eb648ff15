import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findFontFile, readFontMetrics } from '../../../src/images/font-metrics.ts';
import { GlyphAtlas } from '../../../src/images/glyph-atlas.ts';
import { drawCard, renderOgImages } from '../../../src/images/og-images.ts';
import { readBackground, spliceBand, spliceBands, uniqueRowFrom } from '../../../src/images/jpeg-splice.ts';
import { cardBackgroundSvg, OG_HEIGHT, OG_WIDTH, parseSocialCardDesign, titleSvg, wrapTitle } from '../../../src/images/social-card-design.ts';
import type { SiteError } from '../../../src/errors/index.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;
const template = readFileSync(join(ROOT, 'templates/social-card.svg'), 'utf8');
const design = parseSocialCardDesign(template, 'templates/social-card.svg');

describe('the social card design (templates/social-card.svg)', () => {
  it('reads where and how the title is written, and fills the label and site name', () => {
    expect(design.title).toMatchObject({ x: 80, y: 250, fontSize: 68, fill: '#ffffff', lineHeight: 84, maxChars: 24, maxLines: 3 });
    const background = cardBackgroundSvg(design, { siteName: 'Southbridge <Dev>', label: 'Trabajá con nosotros' });
    expect(background).toContain('TRABAJÁ CON NOSOTROS');
    expect(background).toContain('Southbridge &lt;Dev&gt;');
    expect(background).not.toContain('<text id="title"');
  });

  it.each([
    ['no title element', template.replace(/<text id="title"[^>]*><\/text>/, ''), /no empty <text id="title">/],
    ['another size', template.replace('width="1200" height="630"', 'width="1000" height="630"'), /must be width="1200" height="630" \(found 1000×630\)/],
    [
      'a title colour that is not #rrggbb',
      template.replace('fill="#ffffff" data-line-height', 'fill="white" data-line-height'),
      /fill="#rrggbb" \(found "white"\)/,
    ],
    ['a title without its wrapping', template.replace(' data-max-chars="24"', ''), /data-max-chars="…" as a positive number/],
  ])('%s is an InvalidSocialCard error at the template', (_name, svg, message) => {
    try {
      parseSocialCardDesign(svg, 'templates/social-card.svg');
      expect.unreachable();
    } catch (error) {
      expect((error as SiteError).name).toBe('InvalidSocialCard');
      expect((error as SiteError).message).toMatch(message);
      expect((error as SiteError).location?.file).toBe('templates/social-card.svg');
    }
  });

  it('changes its key with any edit of the template', () => {
    expect(parseSocialCardDesign(template.replace('#f6b40e', '#e76f51'), 'x').key).not.toBe(design.key);
    expect(parseSocialCardDesign(template.replace('font-size="68"', 'font-size="64"'), 'x').key).not.toBe(design.key);
  });
});

describe('titles drawn from the glyph atlas', () => {
  const metrics = readFontMetrics(findFontFile(design.title.fontFamily, design.title.fontWeight)!)!;

  it("reads the font's advances and kerning (DejaVu Sans Bold, 2048 units per em)", () => {
    expect(metrics.unitsPerEm).toBe(2048);
    expect(metrics.advance('W'.codePointAt(0)!)).toBeGreaterThan(metrics.advance('i'.codePointAt(0)!)!);
    expect(metrics.advance('ñ'.codePointAt(0)!)).toBeGreaterThan(0);
    expect(metrics.kerning('A'.codePointAt(0)!, 'V'.codePointAt(0)!)).toBeLessThan(0);
    expect(metrics.advance(0xe000)).toBeUndefined();
  });

  // What librsvg draws from the same SVG text is the reference; the atlas must be indistinguishable from it.
  it.each([
    ['an English title', 'How we hire senior React developers in 24 hours'],
    ['a Spanish title with accents and inverted marks', '¿Cómo migrar un blog de Gatsby sin perder tráfico? Año 2026, ¡ñandú!'],
  ])('%s matches the text librsvg draws', async (_name, title) => {
    const lines = wrapTitle(title, design.title.maxChars, design.title.maxLines);
    const atlas = new GlyphAtlas(design.title, metrics);
    await atlas.add(lines, async () => sharp);
    expect(lines.every((l) => atlas.covers(l))).toBe(true);
    const fromAtlas = Buffer.alloc(OG_WIDTH * OG_HEIGHT * 3);
    atlas.blend(fromAtlas, OG_WIDTH, 0, lines);
    const reference = await sharp(Buffer.from(titleSvg(design.title, lines, 0, OG_HEIGHT)))
      .flatten({ background: '#000000' })
      .raw()
      .toBuffer();
    let difference = 0;
    let lit = 0;
    for (let i = 0; i < reference.length; i++) {
      difference += Math.abs(reference[i]! - fromAtlas[i]!);
      if (reference[i]! > 128) lit++;
    }
    expect(lit).toBeGreaterThan(20_000);
    // Mean over the card, in levels of 255: pen positions rounded to half a pixel, no visible change.
    expect(difference / reference.length).toBeLessThan(1.5);
  });

  // Glyphs wholly inside the image blend only their inked pixels; glyphs cut by its edges walk
  // their box. A band cut through a line's middle mixes both, and must match the whole card.
  it('blends a band cut through a line exactly as the same rows of the whole card', async () => {
    const lines = wrapTitle('¿Cómo migrar un blog de Gatsby sin perder tráfico? Año 2026, ¡ñandú!', design.title.maxChars, design.title.maxLines);
    const atlas = new GlyphAtlas(design.title, metrics);
    await atlas.add(lines, async () => sharp);
    const background = Buffer.alloc(OG_WIDTH * OG_HEIGHT * 3);
    for (let i = 0; i < background.length; i++) background[i] = (i * 7 + Math.floor(i / 3600)) & 255;
    const whole = Buffer.from(background);
    atlas.blend(whole, OG_WIDTH, 0, lines);
    const [inkFrom, inkEnd] = atlas.inkRows(lines);
    for (const [from, to] of [
      [inkFrom + 20, inkEnd - 20],
      [inkFrom - 5, inkFrom + 30],
      [0, OG_HEIGHT],
    ] as const) {
      const band = Buffer.from(background.subarray(from * OG_WIDTH * 3, to * OG_WIDTH * 3));
      atlas.blend(band, OG_WIDTH, from, lines);
      expect(band.equals(whole.subarray(from * OG_WIDTH * 3, to * OG_WIDTH * 3)), `rows ${from}-${to}`).toBe(true);
    }
    expect(whole.equals(background)).toBe(false);
  });

  it('draws a character the font lacks through librsvg instead, so no title loses a letter', async () => {
    const jpeg = await drawCard({ design, title: 'Private use \ue000 glyph', siteName: 'Southbridge Dev', label: 'Blog' });
    const meta = await sharp(jpeg).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1200, 630, 'jpeg']);
  });
});

describe('cards that encode only their title rows', () => {
  const card = (title: string, label: string, splice?: boolean) =>
    drawCard({ design, title, siteName: 'Southbridge Dev', label }, splice === false ? { splice } : {});

  // The encoder's own output for the whole card is the reference: splicing must not change one byte.
  it.each([
    ['one line', 'Hiring', 'Careers'],
    ['two lines', 'How we hire senior developers', 'Blog'],
    ['three lines, Spanish', '¿Cómo migrar un blog de Gatsby sin perder tráfico? Año 2026, ¡ñandú!', 'Blog'],
    ['cut with an ellipsis', 'What we learned moving a payments platform from a monolith to services over two years', 'Trabajá con nosotros'],
  ])('%s: the same JPEG bytes as encoding the whole card', async (_name, title, label) => {
    const whole = await card(title, label, false);
    const spliced = await card(title, label);
    expect(spliced.length).toBe(whole.length);
    expect(spliced.equals(whole)).toBe(true);
  });

  // The background's rows around the title are copied from runs it kept from earlier cards; the
  // titles vary so that the bits held back when a run starts take many values.
  it('gives the bytes of the whole card again for cards drawn on runs the background kept', async () => {
    const titles = Array.from({ length: 16 }, (_, i) => `${'Nearshore teams, '.repeat((i % 5) + 1)}part ${i * 37}`);
    const sizes = new Set<number>();
    for (const title of titles) {
      const whole = await card(title, 'Guide', false);
      const spliced = await card(title, 'Guide');
      expect(spliced.equals(whole), title).toBe(true);
      sizes.add(whole.length % 8);
    }
    expect(sizes.size).toBeGreaterThan(3);
  });

  it('refuses what does not fit, so the card is encoded whole instead of broken', async () => {
    const raw = await sharp(await card('Background', 'Blog', false))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const background = readBackground(await sharp(raw.data, { raw: raw.info }).jpeg({ quality: 85, optimiseCoding: false }).toBuffer())!;
    expect(background.rowStart).toHaveLength(41);
    const rows = (first: number, last: number, jpeg: sharp.JpegOptions) =>
      sharp(raw.data.subarray(first * 16 * 3600, (last + 1) * 16 * 3600), { raw: { width: 1200, height: (last - first + 1) * 16, channels: 3 } })
        .jpeg(jpeg)
        .toBuffer();
    expect(spliceBand(background, await rows(12, 20, { quality: 85, optimiseCoding: false }), 12, 20)).toBeInstanceOf(Buffer);
    // Other quantisation or Huffman tables, or rows other than the ones named: their bits mean something else.
    expect(spliceBand(background, await rows(12, 20, { quality: 80, optimiseCoding: false }), 12, 20)).toBeUndefined();
    expect(spliceBand(background, await rows(12, 20, { quality: 85 }), 12, 20)).toBeUndefined();
    expect(spliceBand(background, await rows(12, 20, { quality: 85, optimiseCoding: false }), 13, 21)).toBeUndefined();
    expect(spliceBand(background, await rows(12, 20, { quality: 85, optimiseCoding: false, chromaSubsampling: '4:4:4' }), 12, 20)).toBeUndefined();
  });
});

describe('cards drawn a batch at a time: their bands stacked in one encode, then cut apart', () => {
  const JPEG = { quality: 85, optimiseCoding: false } as const;
  const rowBytes = 16 * OG_WIDTH * 3;

  it('gives each card the bytes of encoding it whole, and refuses a band that ends on a row the background repeats', async () => {
    const raw = await sharp(await drawCard({ design, title: 'Background', siteName: 'Southbridge Dev', label: 'Blog' }, { splice: false }))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const background = readBackground(await sharp(raw.data, { raw: raw.info }).jpeg(JPEG).toBuffer())!;
    // White marks over rows first..inkLast; the band then runs to the first row found nowhere else.
    const band = (first: number, inkLast: number, seed: number) => {
      const last = uniqueRowFrom(background, inkLast + 1)!;
      const pixels = Buffer.from(raw.data.subarray(first * rowBytes, (last + 1) * rowBytes));
      for (let y = 0; y < (inkLast - first + 1) * 16; y++)
        for (let x = 80; x < 900; x++) if ((x * 7 + y * 13 + seed) % 17 < 5) pixels.fill(255, (y * OG_WIDTH + x) * 3, (y * OG_WIDTH + x) * 3 + 3);
      return { first, last, pixels };
    };
    const bands = [band(12, 20, 1), band(11, 22, 4), band(13, 17, 7), band(12, 27, 10)];
    const whole = await Promise.all(
      bands.map(({ first, pixels }) => {
        const card = Buffer.from(raw.data);
        pixels.copy(card, first * rowBytes);
        return sharp(card, { raw: raw.info }).jpeg(JPEG).toBuffer();
      }),
    );
    const rows = bands.reduce((sum, b) => sum + b.last - b.first + 1, 0);
    const stacked = await sharp(Buffer.concat(bands.map((b) => b.pixels)), { raw: { width: OG_WIDTH, height: rows * 16, channels: 3 } })
      .jpeg(JPEG)
      .toBuffer();
    const cards = spliceBands(
      background,
      stacked,
      bands.map((b) => [b.first, b.last] as const),
    )!;
    cards.forEach((card, i) => expect(card?.equals(whole[i]!), `band ${i}`).toBe(true));

    // The gradient leaves whole rows of blocks that code alike: a band ending on one cannot be found.
    const repeated = background.rowStart.slice(0, -2).findIndex((_, row) => row > 12 && uniqueRowFrom(background, row) !== row);
    expect(repeated).toBeGreaterThan(12);
    const early = band(12, repeated - 1, 1);
    const cut = { ...early, last: repeated, pixels: early.pixels.subarray(0, (repeated - 12 + 1) * rowBytes) };
    const both = await sharp(Buffer.concat([cut.pixels, bands[0]!.pixels]), {
      raw: { width: OG_WIDTH, height: (repeated - 12 + 1 + bands[0]!.last - 12 + 1) * 16, channels: 3 },
    })
      .jpeg(JPEG)
      .toBuffer();
    expect(
      spliceBands(background, both, [
        [12, repeated],
        [12, bands[0]!.last],
      ]),
    ).toBeUndefined();
  });

  it('renderOgImages: every card of two labels, drawn in batches, is the card encoded whole', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'agency-cards-'));
    try {
      // Enough cards for the glyph atlas and for batches of eight per label, with one, two and three
      // lines, and lines wide enough to reach the card's last column.
      const jobs = Array.from({ length: 44 }, (_, i) => ({
        title: [
          `Hiring, round ${i}`,
          `How we hire senior developers, round ${i}`,
          `¿Cómo migramos ${i} servicios sin perder tráfico en el camino?`,
          `WWWWWWWWWWWWWWWWWWWWW ${i}`,
        ][i % 4]!,
        label: i % 5 ? 'Blog' : 'Trabajá con nosotros',
      }));
      const { byJob, rendered } = await renderOgImages({ jobs, design, siteName: 'Southbridge Dev', cacheDir });
      expect(rendered).toBe(jobs.length);
      for (const job of jobs) {
        const whole = await drawCard({ design, title: job.title, siteName: 'Southbridge Dev', label: job.label }, { splice: false });
        expect(readFileSync(byJob.get(job)!.linkFrom).equals(whole), `${job.label}: ${job.title}`).toBe(true);
      }
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  }, 60_000);
});
