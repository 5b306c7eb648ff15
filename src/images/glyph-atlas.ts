import type sharp from 'sharp';
import type { FontMetrics } from './font-metrics.ts';
import type { TitleStyle } from './social-card-design.ts';

/** One glyph's coverage, cut to its ink: `left`/`top` place it relative to the pen position on the baseline. */
interface Glyph {
  left: number;
  top: number;
  width: number;
  height: number;
  alpha: Uint8Array;
  /** The inked pixels alone, for images `stride` pixels wide: made on the glyph's first blend. */
  ink?: Ink;
}

/** A glyph's inked pixels, by their offsets in bytes from its top left: the fully covered ones, then the others with their coverage. */
interface Ink {
  stride: number;
  solid: Int32Array;
  offsets: Int32Array;
  alpha: Uint8Array;
}

/** Each glyph is drawn at this many sub-pixel offsets, so pen positions keep their fractions. */
const PHASES = 2;
const ROW_WIDTH = 2048;

/**
 * Every character titles need, rasterised by librsvg once (one SVG, one call) and composited
 * into each card: a title costs a few thousand pixel blends instead of a text rasterisation.
 * Pen positions come from the font's advances and kerning, as a text renderer lays them out.
 */
export class GlyphAtlas {
  private readonly glyphs = new Map<number, Glyph[]>();
  /** Characters being drawn now: a second card asking for them waits for the same drawing. */
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly style: TitleStyle,
    private readonly metrics: FontMetrics,
  ) {}

  /** Rasterizes, in one librsvg call, the characters of `texts` the atlas lacks and the font has. */
  add(texts: string[], loadSharp: () => Promise<typeof sharp>): Promise<void> {
    const missing = new Set<number>();
    for (const text of texts)
      for (const ch of text) {
        const c = ch.codePointAt(0)!;
        if (!this.glyphs.has(c) && this.metrics.advance(c) !== undefined) missing.add(c);
      }
    if (missing.size === 0) return this.pending;
    this.pending = this.pending.then(async () => {
      const chars = [...missing].filter((c) => !this.glyphs.has(c));
      if (chars.length) (await drawGlyphs(await loadSharp(), this.style, this.metrics, chars)).forEach((glyph, c) => this.glyphs.set(c, glyph));
    });
    return this.pending;
  }

  /** How many characters the atlas holds (og-images.ts keeps it again when this grew). */
  get size(): number {
    return this.glyphs.size;
  }

  /** The atlas as bytes for a later process: a JSON line of each glyph's character, phase and box, then their coverage in that order. */
  toBytes(): Buffer {
    const boxes: number[][] = [];
    const coverage: Uint8Array[] = [];
    for (const [c, list] of this.glyphs)
      list.forEach((glyph, phase) => {
        boxes.push([c, phase, glyph.left, glyph.top, glyph.width, glyph.height]);
        coverage.push(glyph.alpha);
      });
    return Buffer.concat([Buffer.from(`${JSON.stringify(boxes)}\n`), ...coverage]);
  }

  /**
   * Adds the glyphs of bytes `toBytes` wrote for an atlas of the same style and font; false, and
   * nothing added, when they are not such bytes (a file cut short or from elsewhere).
   */
  load(bytes: Buffer): boolean {
    const cut = bytes.indexOf(10);
    let boxes: unknown;
    try {
      boxes = cut > 0 ? JSON.parse(bytes.toString('utf8', 0, cut)) : undefined;
    } catch {
      return false;
    }
    if (!Array.isArray(boxes)) return false;
    const glyphs = new Map<number, Glyph[]>();
    let at = cut + 1;
    for (const box of boxes as unknown[]) {
      if (!Array.isArray(box) || box.length !== 6 || !box.every((n) => Number.isInteger(n))) return false;
      const [c, phase, left, top, width, height] = box as number[];
      if (phase! < 0 || phase! >= PHASES || width! < 0 || height! < 0 || at + width! * height! > bytes.length) return false;
      const list = glyphs.get(c!) ?? [];
      list[phase!] = { left: left!, top: top!, width: width!, height: height!, alpha: new Uint8Array(bytes.subarray(at, (at += width! * height!))) };
      glyphs.set(c!, list);
    }
    if (at !== bytes.length) return false;
    for (const [c, list] of glyphs) if (list.length === PHASES && [...list].every(Boolean) && !this.glyphs.has(c)) this.glyphs.set(c, list);
    return true;
  }

  /** Whether every character of the text is in the atlas (spaces need no ink, only an advance). */
  covers(text: string): boolean {
    for (const ch of text) if (!this.glyphs.has(ch.codePointAt(0)!)) return false;
    return true;
  }

  /** The card rows the lines' ink covers, [first, end): what a card must encode beyond its background. */
  inkRows(lines: string[]): [number, number] {
    let first = Infinity;
    let end = -Infinity;
    lines.forEach((line, index) => {
      const baseline = this.style.y + index * this.style.lineHeight;
      for (const ch of line)
        for (const glyph of this.glyphs.get(ch.codePointAt(0)!) ?? [])
          if (glyph.height) {
            first = Math.min(first, baseline + glyph.top);
            end = Math.max(end, baseline + glyph.top + glyph.height);
          }
    });
    return first < end ? [first, end] : [this.style.y, this.style.y + 1];
  }

  /** Blends the lines into an RGB image `width` pixels wide whose row 0 is the card's row `top`. */
  blend(image: Buffer, width: number, top: number, lines: string[]): void {
    const fill = [1, 3, 5].map((i) => parseInt(this.style.fill.slice(i, i + 2), 16)) as [number, number, number];
    const rows = image.length / (width * 3);
    this.place(lines, (glyph, x, baseline) => blendGlyph(image, width, rows, glyph, x, baseline - top, fill));
  }

  /** The card column after the lines' rightmost ink. */
  inkRight(lines: string[]): number {
    let right = 0;
    this.place(lines, (glyph, x) => {
      if (glyph.width) right = Math.max(right, x + glyph.left + glyph.width);
    });
    return right;
  }

  /** Each glyph of the lines with where it goes: its pen column (whole pixels) and its line's baseline, on the card. */
  private place(lines: string[], visit: (glyph: Glyph, x: number, baseline: number) => void): void {
    const { style, metrics } = this;
    const scale = style.fontSize / metrics.unitsPerEm;
    lines.forEach((line, index) => {
      const baseline = style.y + index * style.lineHeight;
      let pen = style.x;
      let previous: number | undefined;
      for (const ch of line) {
        const c = ch.codePointAt(0)!;
        if (previous !== undefined) pen += metrics.kerning(previous, c) * scale;
        const whole = Math.floor(pen);
        const phase = Math.round((pen - whole) * PHASES);
        visit(phase === PHASES ? this.glyphs.get(c)![0]! : this.glyphs.get(c)![phase]!, phase === PHASES ? whole + 1 : whole, baseline);
        pen += metrics.advance(c)! * scale;
        previous = c;
      }
    });
  }
}

/**
 * Each character at every phase, packed in rows as wide as their advances plus a margin for ink
 * outside them, in one SVG for librsvg; each cell cut to its ink. The raster's area is its cost.
 */
async function drawGlyphs(sharpOf: typeof sharp, style: TitleStyle, metrics: FontMetrics, chars: number[]): Promise<Map<number, Glyph[]>> {
  const size = style.fontSize;
  const scale = size / metrics.unitsPerEm;
  // Room for accents above capitals and for descenders; ink may stray a quarter em past the advance.
  const margin = Math.ceil(size * 0.25);
  const height = Math.ceil(size * 1.5);
  const baseline = Math.ceil(size * 1.1);
  const cells: Array<{ c: number; phase: number; left: number; top: number; width: number }> = [];
  let left = 0;
  let top = 0;
  for (const c of chars)
    for (let phase = 0; phase < PHASES; phase++) {
      const width = Math.ceil(metrics.advance(c)! * scale) + 2 * margin;
      if (left + width > ROW_WIDTH && left > 0) [left, top] = [0, top + height];
      cells.push({ c, phase, left, top, width });
      left += width;
    }
  const font = `font-family="${escapeXml(style.fontFamily)}" font-weight="${escapeXml(style.fontWeight)}" font-size="${size}"`;
  // One <text> per row, each glyph placed by its own <tspan x>.
  const rows = new Map<number, string[]>();
  for (const cell of cells) {
    const span = `<tspan x="${cell.left + margin + cell.phase / PHASES}">${escapeXml(String.fromCodePoint(cell.c))}</tspan>`;
    rows.set(cell.top, [...(rows.get(cell.top) ?? []), span]);
  }
  const texts = [...rows].map(([rowTop, spans]) => `<text y="${rowTop + baseline}" ${font} fill="#ffffff">${spans.join('')}</text>`);
  const width = Math.max(...cells.map((cell) => cell.left + cell.width));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${top + height}">${texts.join('')}</svg>`;
  const { data } = await sharpOf(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const glyphs = new Map<number, Glyph[]>();
  for (const cell of cells) {
    const list = glyphs.get(cell.c) ?? [];
    list[cell.phase] = cutGlyph(data, width, { left: cell.left, top: cell.top, width: cell.width, height, originX: margin, baseline });
    glyphs.set(cell.c, list);
  }
  return glyphs;
}

/** The ink of one atlas cell, placed relative to the pen position it was drawn at. */
function cutGlyph(rgba: Buffer, stride: number, cell: { left: number; top: number; width: number; height: number; originX: number; baseline: number }): Glyph {
  const at = (x: number, y: number) => rgba[((cell.top + y) * stride + cell.left + x) * 4 + 3]!;
  let minX = cell.width;
  let minY = cell.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < cell.height; y++)
    for (let x = 0; x < cell.width; x++)
      if (at(x, y)) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
  if (maxX < 0) return { left: 0, top: 0, width: 0, height: 0, alpha: new Uint8Array(0) };
  const width = maxX - minX + 1;
  const height = maxY - minY + 1;
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) alpha[y * width + x] = at(minX + x, minY + y);
  return { left: minX - cell.originX, top: minY - cell.baseline, width, height, alpha };
}

function blendGlyph(image: Buffer, stride: number, rows: number, glyph: Glyph, penX: number, baseline: number, fill: [number, number, number]): void {
  const left = penX + glyph.left;
  const top = baseline + glyph.top;
  if (left < 0 || top < 0 || left + glyph.width > stride || top + glyph.height > rows) return blendClipped(image, stride, rows, glyph, left, top, fill);
  // Inside the image (every glyph of a title that fits): only the inked pixels, the fully covered
  // ones without a test or a blend. Each pixel is written once per glyph, so the result is
  // blendClipped's; blending a title took 0.58 instead of 1.01 ms (BENCHMARKS.md, 2026-11-28).
  const ink = inkOf(glyph, stride);
  const [r, g, b] = fill;
  const at = (top * stride + left) * 3;
  const { solid, offsets, alpha } = ink;
  for (let k = 0; k < solid.length; k++) {
    const o = at + solid[k]!;
    image[o] = r;
    image[o + 1] = g;
    image[o + 2] = b;
  }
  for (let k = 0; k < offsets.length; k++) {
    const o = at + offsets[k]!;
    const a = alpha[k]!;
    const rest = 255 - a;
    image[o] = div255(r * a + image[o]! * rest + 127);
    image[o + 1] = div255(g * a + image[o + 1]! * rest + 127);
    image[o + 2] = div255(b * a + image[o + 2]! * rest + 127);
  }
}

function inkOf(glyph: Glyph, stride: number): Ink {
  if (glyph.ink?.stride === stride) return glyph.ink;
  const { alpha, width } = glyph;
  const offset = (i: number) => (Math.floor(i / width) * stride + (i % width)) * 3;
  let solid = 0;
  let partial = 0;
  for (let i = 0; i < alpha.length; i++)
    if (alpha[i] === 255) solid++;
    else if (alpha[i]) partial++;
  const ink: Ink = { stride, solid: new Int32Array(solid), offsets: new Int32Array(partial), alpha: new Uint8Array(partial) };
  for (let i = 0, s = 0, p = 0; i < alpha.length; i++)
    if (alpha[i] === 255) ink.solid[s++] = offset(i);
    else if (alpha[i]) {
      ink.offsets[p] = offset(i);
      ink.alpha[p++] = alpha[i]!;
    }
  return (glyph.ink = ink);
}

/** A glyph that reaches past the image's edges: rows and columns outside are skipped as a range, not tested pixel by pixel. */
function blendClipped(image: Buffer, stride: number, rows: number, glyph: Glyph, left: number, top: number, fill: [number, number, number]): void {
  const [r, g, b] = fill;
  const { alpha, width, height } = glyph;
  const fromX = Math.max(0, -left);
  const toX = Math.min(width, stride - left);
  for (let y = Math.max(0, -top), toY = Math.min(height, rows - top); y < toY; y++) {
    let o = ((top + y) * stride + left + fromX) * 3;
    for (let i = y * width + fromX, end = y * width + toX; i < end; i++, o += 3) {
      const a = alpha[i]!;
      if (a === 0) continue;
      if (a === 255) {
        image[o] = r;
        image[o + 1] = g;
        image[o + 2] = b;
        continue;
      }
      const rest = 255 - a;
      image[o] = div255(r * a + image[o]! * rest + 127);
      image[o + 1] = div255(g * a + image[o + 1]! * rest + 127);
      image[o + 2] = div255(b * a + image[o + 2]! * rest + 127);
    }
  }
}

/** ⌊x / 255⌋ for 0 ≤ x ≤ 255 · 255 + 127, without a division (a card blends some 100,000 pixels). */
const div255 = (x: number) => (x + 1 + (x >> 8)) >> 8;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
