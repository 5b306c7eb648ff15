import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** What laying out a line of text needs from a font: advance widths and pair kerning, in em units. */
export interface FontMetrics {
  unitsPerEm: number;
  /** The advance of a character, or undefined when the font has no glyph for it (the fallback draws it). */
  advance(codePoint: number): number | undefined;
  /** Kerning between two characters (legacy `kern` table); 0 when the font has none. */
  kerning(left: number, right: number): number;
}

/**
 * The file fontconfig picks for a family and weight, the same one librsvg draws with; undefined
 * without fontconfig. Asked once per family: a build draws every card in one font.
 */
const files = new Map<string, string | undefined>();
export function findFontFile(family: string, weight: string): string | undefined {
  const pattern = `${family.replace(/\s*,\s*/g, ',')}:weight=${weight === 'bold' || Number(weight) >= 600 ? 200 : 80}`;
  if (!files.has(pattern)) {
    try {
      files.set(
        pattern,
        execFileSync('fc-match', ['--format=%{file}', pattern], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined,
      );
    } catch {
      files.set(pattern, undefined);
    }
  }
  return files.get(pattern);
}

/** Reads the tables of a TrueType or OpenType font (or the first font of a collection) that layout needs. */
export function readFontMetrics(file: string): FontMetrics | undefined {
  let font: Buffer;
  try {
    font = readFileSync(file);
  } catch {
    return undefined;
  }
  const base = font.toString('latin1', 0, 4) === 'ttcf' ? font.readUInt32BE(12) : 0;
  const tables = new Map<string, number>();
  const count = font.readUInt16BE(base + 4);
  for (let i = 0; i < count; i++) {
    const record = base + 12 + i * 16;
    tables.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8));
  }
  const head = tables.get('head');
  const hhea = tables.get('hhea');
  const hmtx = tables.get('hmtx');
  const cmap = tables.get('cmap');
  if (head === undefined || hhea === undefined || hmtx === undefined || cmap === undefined) return undefined;
  const glyphOf = readCmap(font, cmap);
  if (!glyphOf) return undefined;
  const metricsCount = font.readUInt16BE(hhea + 34);
  const advanceOfGlyph = (glyph: number) => font.readUInt16BE(hmtx + 4 * Math.min(glyph, metricsCount - 1));
  const pairs = readKern(font, tables.get('kern'));
  return {
    unitsPerEm: font.readUInt16BE(head + 18),
    advance: (codePoint) => {
      const glyph = glyphOf(codePoint);
      return glyph ? advanceOfGlyph(glyph) : undefined;
    },
    kerning: (left, right) => (pairs.size ? (pairs.get(glyphOf(left) * 65536 + glyphOf(right)) ?? 0) : 0),
  };
}

/** Character → glyph index from the Unicode cmap subtable (format 12 preferred, else format 4). */
function readCmap(font: Buffer, cmap: number): ((codePoint: number) => number) | undefined {
  const subtables = new Map<number, number>();
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const record = cmap + 4 + i * 8;
    const at = cmap + font.readUInt32BE(record + 4);
    subtables.set(font.readUInt16BE(at), subtables.get(font.readUInt16BE(at)) ?? at);
  }
  const format12 = subtables.get(12);
  if (format12 !== undefined) {
    const groups = font.readUInt32BE(format12 + 12);
    return (c) => {
      for (let lo = 0, hi = groups - 1; lo <= hi;) {
        const mid = (lo + hi) >> 1;
        const at = format12 + 16 + mid * 12;
        if (c < font.readUInt32BE(at)) hi = mid - 1;
        else if (c > font.readUInt32BE(at + 4)) lo = mid + 1;
        else return font.readUInt32BE(at + 8) + (c - font.readUInt32BE(at));
      }
      return 0;
    };
  }
  const format4 = subtables.get(4);
  if (format4 === undefined) return undefined;
  const segments = font.readUInt16BE(format4 + 6) / 2;
  const ends = format4 + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const ranges = deltas + segments * 2;
  return (c) => {
    if (c > 0xffff) return 0;
    for (let s = 0; s < segments; s++) {
      if (c > font.readUInt16BE(ends + s * 2)) continue;
      const start = font.readUInt16BE(starts + s * 2);
      if (c < start) return 0;
      const delta = font.readUInt16BE(deltas + s * 2);
      const range = font.readUInt16BE(ranges + s * 2);
      if (range === 0) return (c + delta) & 0xffff;
      const glyph = font.readUInt16BE(ranges + s * 2 + range + (c - start) * 2);
      return glyph ? (glyph + delta) & 0xffff : 0;
    }
    return 0;
  };
}

/** Pairs of the legacy `kern` table's horizontal format-0 subtables: (left glyph × 65536 + right glyph) → adjustment. */
function readKern(font: Buffer, kern: number | undefined): Map<number, number> {
  const pairs = new Map<number, number>();
  if (kern === undefined || font.readUInt16BE(kern) !== 0) return pairs;
  let at = kern + 4;
  for (let t = 0; t < font.readUInt16BE(kern + 2); t++) {
    const length = font.readUInt16BE(at + 2);
    const coverage = font.readUInt16BE(at + 4);
    if (coverage >> 8 === 0 && (coverage & 1) === 1) {
      const n = font.readUInt16BE(at + 6);
      for (let i = 0; i < n; i++) {
        const pair = at + 14 + i * 6;
        pairs.set(font.readUInt16BE(pair) * 65536 + font.readUInt16BE(pair + 2), font.readInt16BE(pair + 4));
      }
    }
    at += length;
  }
  return pairs;
}
