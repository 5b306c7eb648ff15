import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type sharp from 'sharp';
import { invalidSocialCardError } from '../errors/index.ts';
import { contentHash } from '../node/hash.ts';
import { runPool } from '../node/run-pool.ts';
import { findFontFile, readFontMetrics } from './font-metrics.ts';
import { GlyphAtlas } from './glyph-atlas.ts';
import { MCU_SIZE, readBackground, spliceBand, spliceBands, uniqueRowFrom, type SplicedBackground } from './jpeg-splice.ts';
import { loadSharp } from './load-sharp.ts';
import {
  cardBackgroundSvg,
  OG_HEIGHT,
  OG_WIDTH,
  parseSocialCardDesign,
  titleSvg,
  wrapTitle,
  type SocialCardDesign,
  type TitleStyle,
} from './social-card-design.ts';
import { writeFileAtomically } from '../node/write-atomically.ts';

// v4: the design is templates/social-card.svg and titles are composited from a glyph atlas.
const VERSION = 'og-v4';
/** The cards' folder in the cache: a card per drawing, and `index.json`, each card's size. */
export const socialCardCacheDir = (cacheDir: string) => join(cacheDir, VERSION);

/** templates/social-card.svg, the card's design; a missing or undrawable one is an error at that file. */
export async function readSocialCardDesign(templatesDir: string): Promise<SocialCardDesign> {
  const file = join(templatesDir, 'social-card.svg');
  const svg = await readFile(file, 'utf8').catch(() => undefined);
  if (svg === undefined) throw invalidSocialCardError(file, 'the file does not exist; every indexed page gets a social card drawn from it');
  return parseSocialCardDesign(svg, file);
}

interface CardInput {
  design: SocialCardDesign;
  title: string;
  siteName: string;
  label: string;
}

// Remembered per input: planning asks for every page's card path on each rebuild of a watch session.
const cardKeys = new Map<string, string>();
function cardKey(o: CardInput): string {
  const id = JSON.stringify([o.design.key, o.title, o.siteName, o.label]);
  let key = cardKeys.get(id);
  if (key === undefined) {
    if (cardKeys.size > 50_000) cardKeys.clear();
    key = contentHash(VERSION, o.design.key, o.siteName, o.label, titleLines(o).join('\n'));
    cardKeys.set(id, key);
  }
  return key;
}

const titleLines = (o: { design: SocialCardDesign; title: string }) => wrapTitle(o.title, o.design.title.maxChars, o.design.title.maxLines);

/** Where a page's card is published: named by its drawing, so the plan knows it before anything is drawn. */
export function ogImagePath(options: CardInput): string {
  return `og/${cardKey(options).slice(0, 16)}.jpg`;
}

type Raster = { data: Buffer; info: sharp.OutputInfo };

/**
 * A background per (site name, label): a build has a handful, not one per page. Rasterized once,
 * and encoded and read for splicing once, when a title is first spliced into it (undefined when
 * its JPEG cannot be spliced).
 */
interface Background {
  raster: Promise<Raster>;
  spliced?: Promise<SplicedBackground | undefined>;
}
const backgrounds = new Map<string, Background>();
function backgroundOf(svg: string, dir?: string): Background {
  // By cache folder too: what a folder holds does not depend on what this process drew before.
  const key = `${dir ?? ''}\0${svg}`;
  let background = backgrounds.get(key);
  if (!background) {
    background = { raster: rasterOf(svg, dir) };
    backgrounds.set(key, background);
    // 2.3 MB of pixels each, and a process that builds into many cache folders (the test suite, a
    // session whose site name changes) would keep them all: the oldest are read back from disk instead.
    for (const old of backgrounds.keys()) {
      if (backgrounds.size <= BACKGROUNDS_KEPT) break;
      backgrounds.delete(old);
    }
  }
  return background;
}

/**
 * A background's pixels, kept in the cards' folder (`backgrounds/`, raw RGB): librsvg drawing one
 * took 50-85 ms, most of a build that draws one card (a post's new title). The few a site has
 * are kept; beyond BACKGROUNDS_KEPT (an old design's), the oldest go.
 */
async function rasterOf(svg: string, dir: string | undefined): Promise<Raster> {
  const file = dir && join(dir, 'backgrounds', `${contentHash(svg)}.rgb`);
  const size = OG_WIDTH * OG_HEIGHT * 3;
  const kept = file ? await readFile(file).catch(() => undefined) : undefined;
  if (kept?.length === size) return { data: kept, info: { format: 'raw', width: OG_WIDTH, height: OG_HEIGHT, channels: 3, size, premultiplied: false } };
  const sharp = await loadSharp();
  const raster = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (file && raster.data.length === size) {
    try {
      writeFileAtomically(file, raster.data);
      forgetOldBackgrounds(dirname(file));
    } catch {
      // Not kept: the next build draws it again.
    }
  }
  return raster;
}

const BACKGROUNDS_KEPT = 16;
const forgetOldBackgrounds = (dir: string) => forgetOldest(dir, '.rgb', BACKGROUNDS_KEPT);

/** Removes all but the `kept` newest files of `dir` whose names end with `extension`. */
function forgetOldest(dir: string, extension: string, kept: number): void {
  const files = readdirSync(dir).filter((f) => f.endsWith(extension));
  if (files.length <= kept) return;
  const byAge = files.map((f) => ({ f, at: statSync(join(dir, f)).mtimeMs })).sort((a, b) => a.at - b.at);
  for (const { f } of byAge.slice(0, files.length - kept)) rmSync(join(dir, f), { force: true });
}

/**
 * The glyph atlas of a design, holding at least the characters of `texts` (a watch session's new
 * title draws only its new characters); undefined when fontconfig cannot name the font's file.
 * With `dir`, an atlas a build kept there is started from (keptAtlas).
 */
const atlases = new Map<string, Promise<GlyphAtlas | undefined>>();
const ATLAS_MIN_CARDS = 40;
async function atlasFor(design: SocialCardDesign, texts: string[], dir?: string): Promise<GlyphAtlas | undefined> {
  let atlas = atlases.get(design.key);
  if (!atlas) {
    atlas = Promise.resolve((dir && readKeptAtlas(atlasFile(dir, design), design)) || emptyAtlas(design));
    atlases.set(design.key, atlas);
  }
  const ready = await atlas;
  await ready?.add(texts, loadSharp);
  return ready;
}

/** An atlas with no characters yet, in the font file fontconfig names for the design's title. */
function emptyAtlas(design: SocialCardDesign): GlyphAtlas | undefined {
  const style = design.title;
  const file = findFontFile(style.fontFamily, style.fontWeight);
  const metrics = file ? readFontMetrics(file) : undefined;
  if (!file || !metrics) return undefined;
  fontFiles.set(design.key, file);
  return new GlyphAtlas(style, metrics);
}
/** The font file each design's atlas was drawn from, as fontconfig named it. */
const fontFiles = new Map<string, string>();

/**
 * A design's atlas as the last build that drew cards with it left it, in the cards' folder
 * (`atlases/`, a line naming the font, then GlyphAtlas.toBytes): a build that draws a few cards
 * (a post's new title) composites them too, instead of starting fontconfig and librsvg for a
 * title strip, and asks fontconfig nothing. Like the cards, it is kept until the design changes.
 */
const atlasFile = (dir: string, design: SocialCardDesign) => join(dir, 'atlases', `${contentHash(design.key)}.atlas`);
const keptSizes = new Map<string, number>();

function readKeptAtlas(file: string, design: SocialCardDesign): GlyphAtlas | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const cut = bytes.indexOf(10);
  const font = cut > 0 ? bytes.toString('utf8', 0, cut) : '';
  const metrics = font ? readFontMetrics(font) : undefined;
  if (!metrics) return undefined;
  const atlas = new GlyphAtlas(design.title, metrics);
  if (!atlas.load(bytes.subarray(cut + 1))) return undefined;
  fontFiles.set(design.key, font);
  keptSizes.set(file, atlas.size);
  return atlas;
}

/** Keeps the design's atlas in `dir` when it holds characters the kept one lacks; the few newest are kept, like backgrounds. */
async function keepAtlas(dir: string, design: SocialCardDesign): Promise<void> {
  const atlas = await atlases.get(design.key);
  const font = fontFiles.get(design.key);
  const file = atlasFile(dir, design);
  if (!atlas || !font || (keptSizes.get(file) ?? -1) >= atlas.size) return;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileAtomically(file, Buffer.concat([Buffer.from(`${font}\n`), atlas.toBytes()]));
    keptSizes.set(file, atlas.size);
    forgetOldest(dirname(file), '.atlas', ATLASES_KEPT);
  } catch {
    // Not kept: the next build that draws few cards draws their titles with librsvg.
  }
}
const ATLASES_KEPT = 4;

/**
 * One card: the cached background, the title composited from the glyph atlas (or, for a
 * character the font lacks, rasterized by librsvg on a strip and blended), JPEG.
 */
export async function drawCard(options: CardInput, how: { atlas?: boolean; splice?: boolean; dir?: string } = {}): Promise<Buffer> {
  const sharp = await loadSharp();
  const background = backgroundOf(cardBackgroundSvg(options.design, options), how.dir);
  const base = await background.raster;
  const lines = titleLines(options);
  const atlas = how.atlas === false && !atlases.has(options.design.key) ? undefined : await atlasFor(options.design, lines, how.dir);
  const covered = atlas && lines.every((l) => atlas.covers(l));
  if (covered && how.splice !== false) {
    const card = await spliceTitle(sharp, background, base, atlas, lines);
    if (card) return card;
  }
  return withWorkBuffer(base.data.length, async (work) => {
    const out = work.subarray(0, base.data.length);
    base.data.copy(out);
    if (covered) atlas.blend(out, OG_WIDTH, 0, lines);
    else await blendTitleStrip(sharp, out, options.design.title, lines);
    return sharp(out, { raw: base.info }).jpeg(JPEG).toBuffer();
  });
}

// Quality 85 keeps the title's edges clean; LinkedIn, X, Facebook and Slack all take JPEG cards.
// Without Huffman-table optimisation: 40 % less encoding time for 10 % more bytes (52 → 57 KB), and
// every card shares the standard tables, which the title splice needs.
const JPEG = { quality: 85, optimiseCoding: false } as const;
/**
 * Splicing titles into a background first encodes the background and reads its bits (~25 ms),
 * then saves ~8 ms a card: a build that draws fewer cards encodes each whole (the same bytes).
 */
const SPLICE_MIN_CARDS = 4;

/**
 * Encodes only the 16-pixel rows the title covers, plus one row of background after them, and
 * splices their bits into the background's: about half the encoding of a whole card, same bytes.
 */
async function spliceTitle(
  sharp: typeof import('sharp'),
  background: Background,
  base: Raster,
  atlas: GlyphAtlas,
  lines: string[],
): Promise<Buffer | undefined> {
  const read = await splicedOf(background, base);
  const [first, last] = titleRows(atlas, lines);
  if (!read || (last + 1) * MCU_SIZE > OG_HEIGHT) return undefined;
  return withWorkBuffer(base.data.length, async (work) => {
    const band = drawBand(work, base, atlas, { lines, first, last });
    const jpeg = await sharp(band, { raw: { width: OG_WIDTH, height: (last - first + 1) * MCU_SIZE, channels: 3 } })
      .jpeg(JPEG)
      .toBuffer();
    return spliceBand(read, jpeg, first, last);
  });
}

/**
 * Cards of one background (one label) drawn together: their title bands stacked and encoded as
 * one JPEG, then each spliced into the background (spliceBands). An encode costs about 0.7 ms of
 * CPU before its first row, a third of a card's; BATCH_CARDS at a time pay it once. A card that
 * cannot be spliced (a character the atlas lacks, a band that does not fit) is drawn alone.
 */
async function drawCards(inputs: CardInput[], dir: string | undefined): Promise<Buffer[]> {
  const alone = (input: CardInput) => drawCard(input, { dir });
  const design = inputs[0]!.design;
  const background = backgroundOf(cardBackgroundSvg(design, inputs[0]!), dir);
  const base = await background.raster;
  const atlas = await atlasFor(design, [], dir);
  const read = atlas && (await splicedOf(background, base));
  const bands = inputs.map((input) => {
    const lines = titleLines(input);
    // A band is found by the bits of its last row, which are the background's only while the
    // block before that row (the last column's) is: a title reaching the last two columns goes alone.
    if (!read || !atlas || !lines.every((l) => atlas.covers(l)) || atlas.inkRight(lines) > OG_WIDTH - 2 * MCU_SIZE) return undefined;
    const [first, afterInk] = titleRows(atlas, lines);
    // The band ends with the first untouched row whose bits are found nowhere else in the background.
    const last = uniqueRowFrom(read, afterInk);
    return last === undefined || (last + 1) * MCU_SIZE > OG_HEIGHT ? undefined : { lines, first, last };
  });
  const stacked = bands.filter((b) => b !== undefined);
  if (!read || !atlas || stacked.length < 2) return Promise.all(inputs.map(alone));
  const rows = stacked.reduce((sum, b) => sum + b.last - b.first + 1, 0);
  const cards = await withWorkBuffer(rows * ROW_BYTES, async (work) => {
    let offset = 0;
    for (const band of stacked) offset += drawBand(work.subarray(offset), base, atlas, band).length;
    const sharp = await loadSharp();
    const jpeg = await sharp(work.subarray(0, offset), { raw: { width: OG_WIDTH, height: rows * MCU_SIZE, channels: 3 } })
      .jpeg(JPEG)
      .toBuffer();
    return spliceBands(
      read,
      jpeg,
      stacked.map((b) => [b.first, b.last] as const),
    );
  });
  let next = 0;
  return Promise.all(inputs.map((input, i) => (bands[i] ? cards?.[next++] : undefined) ?? alone(input)));
}
const BATCH_CARDS = 8;

/** The first 16-pixel row a title's ink touches, and the row after its ink. */
function titleRows(atlas: GlyphAtlas, lines: string[]): [first: number, afterInk: number] {
  const [inkFrom, inkEnd] = atlas.inkRows(lines);
  return [Math.max(0, Math.floor(inkFrom / MCU_SIZE)), Math.floor((inkEnd - 1) / MCU_SIZE) + 1];
}

/** The background's rows [first, last] with the title blended in, at the start of `into`; returns them. */
function drawBand(into: Buffer, base: Raster, atlas: GlyphAtlas, band: { lines: string[]; first: number; last: number }): Buffer {
  const pixels = into.subarray(0, (band.last - band.first + 1) * ROW_BYTES);
  base.data.copy(pixels, 0, band.first * ROW_BYTES, (band.last + 1) * ROW_BYTES);
  atlas.blend(pixels, OG_WIDTH, band.first * MCU_SIZE, band.lines);
  return pixels;
}
const ROW_BYTES = MCU_SIZE * OG_WIDTH * 3;

/** The background encoded and read for splicing, once (undefined when its JPEG cannot be spliced). */
function splicedOf(background: Background, base: Raster): Promise<SplicedBackground | undefined> {
  background.spliced ??= loadSharp()
    .then((sharp) => sharp(base.data, { raw: base.info }).jpeg(JPEG).toBuffer())
    .then(readBackground)
    .catch(() => undefined);
  return background.spliced;
}

/**
 * Card-sized RGB buffers between draws, one per card being drawn at once: a fresh 2.3 MB buffer
 * per card costs more CPU (its pages faulted in) than drawing the title.
 */
const workBuffers: Buffer[] = [];
const WORK_STEP = 4 << 20;
async function withWorkBuffer<T>(size: number, use: (buffer: Buffer) => Promise<T>): Promise<T> {
  // A batch's stacked bands need more than a card: buffers grow in steps of 4 MB, so a few sizes serve every batch.
  const at = workBuffers.findIndex((b) => b.length >= size);
  const buffer = at >= 0 ? workBuffers.splice(at, 1)[0]! : Buffer.allocUnsafe(Math.max(Math.ceil(size / WORK_STEP) * WORK_STEP, OG_WIDTH * OG_HEIGHT * 3));
  try {
    return await use(buffer);
  } finally {
    if (workBuffers.length < 4) workBuffers.push(buffer);
  }
}

/** The title rasterized by librsvg on a transparent strip as tall as its lines, blended in. */
async function blendTitleStrip(sharp: typeof import('sharp'), out: Buffer, style: TitleStyle, lines: string[]): Promise<void> {
  const top = Math.max(0, Math.floor(style.y - style.fontSize * 1.2));
  const height = Math.min(OG_HEIGHT - top, Math.ceil((lines.length - 1) * style.lineHeight + style.fontSize * 1.6));
  const strip = await sharp(Buffer.from(titleSvg(style, lines, top, height)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const src = strip.data;
  for (let o = top * OG_WIDTH * 3, s = 0; s < src.length; o += 3, s += 4) {
    const a = src[s + 3]!;
    if (a === 0) continue;
    const rest = 255 - a;
    out[o] = (src[s]! * a + out[o]! * rest + 127) / 255;
    out[o + 1] = (src[s + 1]! * a + out[o + 1]! * rest + 127) / 255;
    out[o + 2] = (src[s + 2]! * a + out[o + 2]! * rest + 127) / 255;
  }
}

/** The size of a cached card, or undefined when it is missing or not a whole JPEG (a cache from elsewhere). */
async function cachedJpegBytes(file: string): Promise<number | undefined> {
  const data = await readFile(file).catch(() => undefined);
  if (!data || data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8 || data.at(-2) !== 0xff || data.at(-1) !== 0xd9) return undefined;
  return data.length;
}

export interface OgJob {
  title: string;
  label: string;
}

/**
 * Open Graph images (1200×630 JPEG) drawn from each page's title, cached by their inputs: a page
 * whose card did not change costs one hash and one stat. Runs beside page rendering (sharp works
 * on libuv's threads), so both cores stay busy.
 */
export async function renderOgImages(options: {
  jobs: OgJob[];
  design: SocialCardDesign;
  siteName: string;
  cacheDir: string;
  concurrency?: number;
  /**
   * Cache files out/ holds links to as the last build made them (its record's keys, each file
   * stat'ed there): such a card is the same file, so its size is the index's, without a stat.
   */
  linkedIntact?: ReadonlySet<string>;
}) {
  const dir = socialCardCacheDir(options.cacheDir);
  await mkdir(dir, { recursive: true });
  const byJob = new Map<OgJob, { path: string; linkFrom: string; bytes: number; hashed: true }>();
  // Card sizes as written: a card whose file still has its size is taken without reading it.
  const indexFile = join(dir, 'index.json');
  const sizes = readSizes(indexFile);
  const todo: Array<{ job: OgJob; input: CardInput; key: string; file: string }> = [];
  for (const job of options.jobs) {
    const input = { design: options.design, title: job.title, siteName: options.siteName, label: job.label };
    const key = cardKey(input);
    const file = join(dir, `${key}.jpg`);
    const known = sizes[key];
    if (known !== undefined && (options.linkedIntact?.has(file) || statSync(file, { throwIfNoEntry: false })?.size === known))
      byJob.set(job, { path: `og/${key.slice(0, 16)}.jpg`, linkFrom: file, bytes: known, hashed: true });
    else todo.push({ job, input, key, file });
  }
  // Every character the cards need, rasterized once before they are drawn two at a time. The atlas
  // costs about as much as 40 titles drawn by librsvg: a build that redraws a few cards (one post
  // edited) draws them alone, unless a watch session holds the atlas or an earlier build kept it.
  const atlas = todo.length >= ATLAS_MIN_CARDS || atlases.has(options.design.key) || (todo.length > 0 && existsSync(atlasFile(dir, options.design)));
  if (atlas && todo.length)
    await atlasFor(
      options.design,
      todo.flatMap((t) => titleLines(t.input)),
      dir,
    );
  let rendered = 0;
  const found = (item: (typeof todo)[number], bytes: number) => {
    sizes[item.key] = bytes;
    byJob.set(item.job, { path: `og/${item.key.slice(0, 16)}.jpg`, linkFrom: item.file, bytes, hashed: true });
  };
  // With the atlas, cards of one background are drawn BATCH_CARDS at a time (drawCards).
  await runPool(batchesOf(todo, atlas && todo.length >= SPLICE_MIN_CARDS ? BATCH_CARDS : 1), options.concurrency ?? 2, async (batch) => {
    const toDraw: typeof batch = [];
    for (const item of batch) {
      // A cold build has no card on disk: one stat, not a failed open and its error, per card.
      const bytes = statSync(item.file, { throwIfNoEntry: false }) ? await cachedJpegBytes(item.file) : undefined;
      if (bytes === undefined) toDraw.push(item);
      else found(item, bytes);
    }
    const jpegs =
      toDraw.length > 1
        ? await drawCards(
            toDraw.map((t) => t.input),
            dir,
          )
        : await Promise.all(toDraw.map((t) => drawCard(t.input, { atlas, dir, ...(todo.length < SPLICE_MIN_CARDS ? { splice: false } : {}) })));
    toDraw.forEach((item, i) => {
      const jpeg = jpegs[i]!;
      // Never half a card, even from a build stopped half-way; two pages with the same title each
      // write under their own temporary name. Synchronous: 60 KB costs less than a trip through libuv's pool.
      writeFileAtomically(item.file, jpeg);
      rendered++;
      found(item, jpeg.length);
    });
  });
  if (atlas && rendered) await keepAtlas(dir, options.design);
  if (todo.length) {
    writeFileAtomically(indexFile, JSON.stringify(sizes));
    knownSizes = { file: indexFile, stamp: stampOf(indexFile), sizes };
  }
  return { byJob, rendered };
}

/** The cards to draw in groups of up to `size`, each of one background (its label and the site's name). */
function batchesOf<T extends { input: CardInput }>(todo: T[], size: number): T[][] {
  if (size === 1) return todo.map((item) => [item]);
  const open = new Map<string, T[]>();
  const batches: T[][] = [];
  for (const item of todo) {
    const background = `${item.input.label}\0${item.input.siteName}`;
    let batch = open.get(background);
    if (!batch) open.set(background, (batch = []));
    batch.push(item);
    if (batch.length === size) {
      batches.push(batch);
      open.delete(background);
    }
  }
  return [...batches, ...open.values()];
}

/**
 * Forgets the sizes of cards no longer in the cache folder (`keep`: the card files a build uses),
 * so the index does not grow with every title ever drawn.
 */
export function forgetSocialCards(cacheDir: string, keep: ReadonlySet<string>): void {
  const dir = socialCardCacheDir(cacheDir);
  const indexFile = join(dir, 'index.json');
  const sizes = readSizes(indexFile);
  const kept = Object.fromEntries(Object.entries(sizes).filter(([key]) => keep.has(join(dir, `${key}.jpg`))));
  if (Object.keys(kept).length === Object.keys(sizes).length) return;
  writeFileAtomically(indexFile, JSON.stringify(kept));
  knownSizes = { file: indexFile, stamp: stampOf(indexFile), sizes: kept };
}

/** The card sizes recorded in `file`; kept in memory while the file is as this process last read or wrote it (a watch session's saves). */
function readSizes(file: string): Record<string, number> {
  const stamp = stampOf(file);
  if (knownSizes?.file === file && knownSizes.stamp === stamp) return knownSizes.sizes;
  let sizes: Record<string, number> = {};
  try {
    const read = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (read && typeof read === 'object' && !Array.isArray(read)) sizes = read as Record<string, number>;
  } catch {
    // Missing or damaged: every card is read and checked once, then recorded again.
  }
  knownSizes = { file, stamp, sizes };
  return sizes;
}
let knownSizes: { file: string; stamp: string; sizes: Record<string, number> } | undefined;

function stampOf(file: string): string {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats ? `${stats.ino}:${stats.size}:${stats.mtimeMs}` : '';
}
