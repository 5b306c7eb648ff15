/**
 * Baseline JPEG surgery for social cards: every card is one of a handful of backgrounds with a
 * title over a band of rows. Encoding is most of a card's CPU, so the background is encoded and
 * read once, and each card encodes only its title's rows; their entropy-coded bits are spliced
 * between the background's. The result is the same bytes the encoder gives for the whole card,
 * because a JPEG's blocks depend only on their own pixels and the DC value of the block before.
 *
 * Only what sharp writes is handled: baseline, one scan, Y/Cb/Cr at 4:2:0, no restart markers.
 * Anything else makes `spliceBand` return undefined, and the caller encodes the whole card.
 */

interface HuffmanTable {
  /** Canonical decoding: per code length, the first code, the last code and the index of its first symbol. */
  minCode: Int32Array;
  maxCode: Int32Array;
  first: Int32Array;
  symbols: Uint8Array;
  /** Encoding: per symbol, its code and length. */
  code: Uint16Array;
  length: Uint8Array;
}

interface Parsed {
  /** Bytes from SOI to the end of the SOS segment. */
  header: Buffer;
  /** The DQT and DHT segments, which must be the same in two files whose bits are mixed. */
  tables: string;
  height: number;
  width: number;
  dc: [HuffmanTable, HuffmanTable];
  ac: [HuffmanTable, HuffmanTable];
  /** Entropy-coded data with byte stuffing removed. */
  bits: Uint8Array;
}

/** A background read once: where each row of 16-pixel MCUs starts in its bits, and the DC values before it. */
export interface SplicedBackground {
  jpeg: Parsed;
  rowStart: number[];
  /** Per MCU row, the Y, Cb and Cr DC values of the last block before it (the row's predictors). */
  before: Array<[number, number, number]>;
  /** The background's runs of whole bytes as cards write them, kept by BitWriter.copyKept. */
  runs: Map<string, KeptRun>;
  /** Per row, whether its bits occur once in the background (uniqueRowFrom), once asked. */
  unique?: boolean[];
}

/** An MCU at 4:2:0 is 16 × 16 pixels: a card's band is cut in its rows. */
export const MCU_SIZE = 16;

export function readBackground(jpeg: Buffer): SplicedBackground | undefined {
  const parsed = parse(jpeg);
  if (!parsed) return undefined;
  const reader = new McuReader(parsed);
  const columns = Math.ceil(parsed.width / MCU_SIZE);
  const rows = Math.ceil(parsed.height / MCU_SIZE);
  const rowStart: number[] = [];
  const before: Array<[number, number, number]> = [];
  for (let row = 0; row < rows; row++) {
    rowStart.push(reader.at);
    before.push([...reader.dc]);
    for (let column = 0; column < columns; column++) reader.mcu();
  }
  rowStart.push(reader.at);
  return { jpeg: parsed, rowStart, before, runs: new Map() };
}

/**
 * The whole card from the background and a JPEG of its rows [firstRow, lastRow], which must end
 * with one row of untouched background (so the band's end can be found and its last DC values are
 * the background's). Undefined when the two files do not fit together.
 */
export function spliceBand(background: SplicedBackground, band: Buffer, firstRow: number, lastRow: number): Buffer | undefined {
  return spliceBands(background, band, [[firstRow, lastRow]])?.[0];
}

/**
 * The cards of several bands encoded as one JPEG, stacked in the order given, each [firstRow,
 * lastRow] ending with its row of untouched background: one encode costs about 0.7 ms of CPU
 * before its first row. A band ends where its last row's bits, the background's, are found after
 * its start (uniqueRowFrom gives rows whose bits occur once in the background); the last band
 * ends at the end of the data. Undefined, or a card undefined, when they do not fit together.
 */
export function spliceBands(
  background: SplicedBackground,
  stacked: Buffer,
  bands: ReadonlyArray<readonly [number, number]>,
): Array<Buffer | undefined> | undefined {
  scratch ??= { bits: new Uint8Array(1 << 20), out: Buffer.allocUnsafe(2 << 20) };
  const strip = parse(stacked, scratch.bits);
  const bg = background.jpeg;
  const rows = bands.reduce((sum, [first, last]) => sum + last - first + 1, 0);
  if (!strip || strip.tables !== bg.tables || strip.width !== bg.width || strip.height !== rows * MCU_SIZE) return undefined;
  if (bands.some(([first, last]) => first < 0 || last <= first || last + 1 >= background.rowStart.length - 1)) return undefined;
  // Every band but the last is found by its last row's bits: they must occur nowhere else.
  if (bands.some(([, last], i) => i < bands.length - 1 && uniqueRowFrom(background, last) !== last)) return undefined;
  // Padding is 1-bits; a row of plain background ends with a chroma end-of-block (00), so the
  // padding after the last band is exactly the trailing 1s.
  let total = strip.bits.length * 8;
  let padding = 0;
  while (padding < 8 && bitAt(strip.bits, total - 1 - padding) === 1) padding++;
  if (padding === 8) return undefined;
  total -= padding;
  const cards: Array<Buffer | undefined> = [];
  let start = 0;
  let dcBefore: readonly [number, number, number] = [0, 0, 0];
  for (let i = 0; i < bands.length; i++) {
    const [first, last] = bands[i]!;
    const rowFrom = background.rowStart[last]!;
    const rowLength = background.rowStart[last + 1]! - rowFrom;
    if (bitAt(bg.bits, rowFrom + rowLength - 1) !== 0) return undefined;
    const end =
      i === bands.length - 1
        ? total - rowLength >= start && sameBits(strip.bits, total - rowLength, bg.bits, rowFrom, rowLength)
          ? total - rowLength
          : -1
        : findBits(strip.bits, start, total, bg.bits, rowFrom, rowLength);
    if (end <= start) return undefined;
    cards.push(cardOf(background, strip, start, dcBefore, first, last, end));
    // The next band's first DC values follow the last block of this one's background row.
    start = end + rowLength;
    dcBefore = background.before[last + 1]!;
  }
  return start === total ? cards : undefined;
}

/** One card: the background's bits around a band's, which run from `start` (predicted from `dcBefore`) to `end`. */
function cardOf(
  background: SplicedBackground,
  strip: Parsed,
  start: number,
  dcBefore: readonly [number, number, number],
  firstRow: number,
  lastRow: number,
  end: number,
): Buffer | undefined {
  const bg = background.jpeg;
  // The band's first MCU was coded against `dcBefore`: recode its three DC differences against the background's.
  let marks: ReturnType<McuReader['mcuMarks']>;
  try {
    marks = new McuReader(strip, start, dcBefore).mcuMarks();
  } catch {
    return undefined;
  }
  // Stuffing at most doubles the bits; a card that could outgrow the scratch is encoded whole.
  if (bg.header.length + 2 * ((end - start) / 8 + bg.bits.length) + 16 > scratch!.out.length) return undefined;
  const [py, pcb, pcr] = background.before[firstRow]!;
  const out = new BitWriter(scratch!.out);
  out.bytes(bg.header);
  out.copyKept(bg.bits, 0, background.rowStart[firstRow]!, background.runs);
  out.dc(strip.dc[0], dcBefore[0] + marks.dc[0]! - py);
  out.copy(strip.bits, marks.dcEnd[0]!, marks.dcStart[1]! - marks.dcEnd[0]!);
  out.dc(strip.dc[1], dcBefore[1] + marks.dc[1]! - pcb);
  out.copy(strip.bits, marks.dcEnd[1]!, marks.dcStart[2]! - marks.dcEnd[1]!);
  out.dc(strip.dc[1], dcBefore[2] + marks.dc[2]! - pcr);
  out.copy(strip.bits, marks.dcEnd[2]!, end - marks.dcEnd[2]!);
  const rowFrom = background.rowStart[lastRow]!;
  out.copyKept(bg.bits, rowFrom, background.rowStart.at(-1)! - rowFrom, background.runs);
  return out.finish();
}

/**
 * Where the `length` bits of `needle` from `needleFrom` first occur in `bits` at or after `from`
 * (and end by `to`), or -1. Searched as whole bytes, for each of the eight bit offsets they can
 * start at, by Buffer.indexOf, in windows of a few bands' length (the seven wrong offsets would
 * otherwise each read the rest of the data); each hit is then compared bit by bit.
 */
function findBits(bits: Uint8Array, from: number, to: number, needle: Uint8Array, needleFrom: number, length: number): number {
  const probes = probesOf(needle, needleFrom, length);
  if (!probes) return -1;
  const end = Math.ceil(to / 8);
  for (let window = from >> 3; window < end; window += FIND_WINDOW) {
    // Overlapping the next window by a probe's length, so a hit across their edge is found.
    const hay = Buffer.from(bits.buffer, bits.byteOffset, Math.min(end, window + FIND_WINDOW + PROBE_BYTES));
    let found = -1;
    for (const { lead, probe } of probes)
      for (let q = hay.indexOf(probe, Math.max(window, (from + lead) >> 3)); q >= 0 && q < window + FIND_WINDOW; q = hay.indexOf(probe, q + 1)) {
        const at = q * 8 - lead;
        if (found >= 0 && at >= found) break;
        if (at < from || at + length > to || !sameBits(bits, at, needle, needleFrom, length)) continue;
        found = at;
        break;
      }
    if (found >= 0) return found;
  }
  return -1;
}
const FIND_WINDOW = 16 * 1024;
const PROBE_BYTES = 24;

/**
 * For each bit offset the needle can start at, whole bytes of it to search for (`lead` bits after
 * its start): the run of them with the most different byte values, since a background row's
 * plain stretches code as the same four bytes over and over and would match nearly everywhere.
 * Kept per needle: a card's band ends with one of a background's forty rows.
 */
function probesOf(needle: Uint8Array, needleFrom: number, length: number): Array<{ lead: number; probe: Buffer }> | undefined {
  let byStart = probeCache.get(needle);
  if (!byStart) probeCache.set(needle, (byStart = new Map()));
  const key = needleFrom * 65536 + length;
  if (byStart.has(key)) return byStart.get(key);
  let probes: Array<{ lead: number; probe: Buffer }> | undefined = [];
  for (let offset = 0; offset < 8 && probes; offset++) {
    const skip = offset === 0 ? 0 : 8 - offset;
    const whole = (length - skip) >> 3;
    if (whole < PROBE_BYTES) probes = undefined;
    else {
      const bytes = Buffer.allocUnsafe(whole);
      for (let j = 0; j < whole; j++) bytes[j] = byteAt(needle, needleFrom + skip + 8 * j);
      let best = 0;
      let bestDistinct = -1;
      // Two thirds of the bytes different is plenty; a row's first bytes usually have it.
      for (let j = 0; j + PROBE_BYTES <= whole && bestDistinct < (2 * PROBE_BYTES) / 3; j += 8) {
        seen.fill(0);
        let distinct = 0;
        for (let k = j; k < j + PROBE_BYTES; k++) {
          const byte = bytes[k]!;
          if (seen[byte] === 0) distinct++;
          seen[byte] = 1;
        }
        if (distinct > bestDistinct) [best, bestDistinct] = [j, distinct];
      }
      probes.push({ lead: skip + 8 * best, probe: Buffer.from(bytes.subarray(best, best + PROBE_BYTES)) });
    }
  }
  byStart.set(key, probes);
  return probes;
}
const seen = new Uint8Array(256);
const probeCache = new WeakMap<Uint8Array, Map<number, Array<{ lead: number; probe: Buffer }> | undefined>>();

/** The 8 bits from bit `at`, whatever its offset in a byte. */
function byteAt(bytes: Uint8Array, at: number): number {
  const i = at >> 3;
  const shift = at & 7;
  return shift === 0 ? bytes[i]! : ((bytes[i]! << shift) | (bytes[i + 1]! >> (8 - shift))) & 0xff;
}

/**
 * The first row from `row` on that a band stacked before another may end with: one whose bits
 * occur once in the background's data, so its end can be found. A plain-coloured row repeats
 * (the card's gradient leaves whole rows of blocks that code alike); undefined when none is left.
 */
export function uniqueRowFrom(background: SplicedBackground, row: number): number | undefined {
  background.unique ??= uniqueRows(background);
  for (let r = Math.max(0, row); r < background.rowStart.length - 2; r++) if (background.unique[r]) return r;
  return undefined;
}

function uniqueRows(background: SplicedBackground): boolean[] {
  const { bits } = background.jpeg;
  const total = background.rowStart.at(-1)!;
  return background.rowStart.slice(0, -1).map((rowFrom, row) => {
    const length = background.rowStart[row + 1]! - rowFrom;
    return findBits(bits, 0, total, bits, rowFrom, length) === rowFrom && findBits(bits, rowFrom + 1, total, bits, rowFrom, length) === -1;
  });
}

/**
 * Scratch memory for one splice at a time (splicing is synchronous): a card's bits and its bytes,
 * which are copied out at the end, instead of two fresh buffers per card.
 */
let scratch: { bits: Uint8Array; out: Buffer } | undefined;

const bitAt = (bytes: Uint8Array, at: number) => (bytes[at >> 3]! >> (7 - (at & 7))) & 1;

function sameBits(a: Uint8Array, aFrom: number, b: Uint8Array, bFrom: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (bitAt(a, aFrom + i) !== bitAt(b, bFrom + i)) return false;
  return true;
}

function parse(jpeg: Buffer, scratch?: Uint8Array): Parsed | undefined {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return undefined;
  const dc: HuffmanTable[] = [];
  const ac: HuffmanTable[] = [];
  let tables = '';
  let width = 0;
  let height = 0;
  let frame = false;
  let at = 2;
  while (at + 4 <= jpeg.length) {
    if (jpeg[at] !== 0xff) return undefined;
    const marker = jpeg[at + 1]!;
    const length = jpeg.readUInt16BE(at + 2);
    const body = jpeg.subarray(at + 4, at + 2 + length);
    if (marker === 0xdd || (marker >= 0xc1 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)) return undefined;
    if (marker === 0xdb) tables += body.toString('latin1');
    if (marker === 0xc4) {
      tables += body.toString('latin1');
      for (let p = 0; p < body.length;) {
        const id = body[p]!;
        const counts = body.subarray(p + 1, p + 17);
        const n = counts.reduce((sum, c) => sum + c, 0);
        const table = huffman(counts, body.subarray(p + 17, p + 17 + n));
        (id >> 4 ? ac : dc)[id & 15] = table;
        p += 17 + n;
      }
    }
    if (marker === 0xc0) {
      // 8-bit samples, three components: Y sampled 2×2, Cb and Cr 1×1, Y on table 0 and both chroma on table 1.
      frame = true;
      height = body.readUInt16BE(1);
      width = body.readUInt16BE(3);
      const layout = [...body.subarray(5)].join(',');
      if (layout !== '3,1,34,0,2,17,1,3,17,1') return undefined;
    }
    if (marker === 0xda) {
      const headerEnd = at + 2 + length;
      if ([...body].join(',') !== '3,1,0,2,17,3,17,0,63,0' || !dc[0] || !dc[1] || !ac[0] || !ac[1] || !frame) return undefined;
      const bits = unstuff(jpeg, headerEnd, scratch);
      if (!bits) return undefined;
      return { header: jpeg.subarray(0, headerEnd), tables, width, height, dc: [dc[0], dc[1]], ac: [ac[0], ac[1]], bits };
    }
    at += 2 + length;
  }
  return undefined;
}

/** The entropy-coded bytes up to EOI without their stuffed zeros; undefined at any other marker. */
function unstuff(jpeg: Buffer, from: number, into?: Uint8Array): Uint8Array | undefined {
  const out = into && into.length >= jpeg.length - from ? into : new Uint8Array(jpeg.length - from);
  let n = 0;
  for (let i = from; i < jpeg.length; i++) {
    const byte = jpeg[i]!;
    if (byte === 0xff) {
      const next = jpeg[i + 1];
      if (next === 0xd9) return out.subarray(0, n);
      if (next !== 0x00) return undefined;
      i++;
    }
    out[n++] = byte;
  }
  return undefined;
}

function huffman(counts: Uint8Array, symbols: Uint8Array): HuffmanTable {
  const minCode = new Int32Array(17);
  const maxCode = new Int32Array(17).fill(-1);
  const first = new Int32Array(17);
  const code = new Uint16Array(256);
  const length = new Uint8Array(256);
  let next = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    first[len] = k;
    minCode[len] = next;
    for (let i = 0; i < counts[len - 1]!; i++, k++, next++) {
      code[symbols[k]!] = next;
      length[symbols[k]!] = len;
    }
    maxCode[len] = counts[len - 1]! ? next - 1 : -1;
    next <<= 1;
  }
  return { minCode, maxCode, first, symbols, code, length };
}

/** Reads MCUs (four Y blocks, Cb, Cr) from the start of a scan, keeping the DC values as predictors. */
class McuReader {
  at: number;
  readonly dc: [number, number, number];
  /** Reading from bit `at`, the last blocks' DC values being `dc`. */
  constructor(
    private readonly jpeg: Parsed,
    at = 0,
    dc: readonly [number, number, number] = [0, 0, 0],
  ) {
    this.at = at;
    this.dc = [...dc];
  }

  private bit(): number {
    const bit = bitAt(this.jpeg.bits, this.at++);
    if (this.at > this.jpeg.bits.length * 8) throw new Error('JPEG data ends inside a block');
    return bit;
  }

  private symbol(table: HuffmanTable): number {
    let code = 0;
    for (let len = 1; len <= 16; len++) {
      code = (code << 1) | this.bit();
      if (code <= table.maxCode[len]!) return table.symbols[table.first[len]! + code - table.minCode[len]!]!;
    }
    throw new Error('not a Huffman code of this table');
  }

  private value(size: number): number {
    let v = 0;
    for (let i = 0; i < size; i++) v = (v << 1) | this.bit();
    return size && v < 1 << (size - 1) ? v - (1 << size) + 1 : v;
  }

  /** Where the last block's DC code started and ended. */
  private dcCode: [number, number] = [0, 0];

  /** One block; returns its DC difference. */
  private block(component: 0 | 1 | 2): number {
    const t = component ? 1 : 0;
    const start = this.at;
    const diff = this.value(this.symbol(this.jpeg.dc[t]));
    this.dcCode = [start, this.at];
    this.dc[component] += diff;
    for (let k = 1; k < 64;) {
      const rs = this.symbol(this.jpeg.ac[t]);
      const size = rs & 15;
      if (size === 0) {
        if (rs !== 0xf0) break;
        k += 16;
        continue;
      }
      k += (rs >> 4) + 1;
      this.at += size;
    }
    return diff;
  }

  mcu(): void {
    for (let y = 0; y < 4; y++) this.block(0);
    this.block(1);
    this.block(2);
  }

  /** Reads the first MCU, saying where the first Y, the Cb and the Cr DC codes start and end, and their values. */
  mcuMarks(): { dcStart: number[]; dcEnd: number[]; dc: number[] } {
    const marks = { dcStart: [] as number[], dcEnd: [] as number[], dc: [] as number[] };
    const mark = (component: 0 | 1 | 2) => {
      marks.dc.push(this.block(component));
      marks.dcStart.push(this.dcCode[0]);
      marks.dcEnd.push(this.dcCode[1]);
    };
    mark(0);
    for (let y = 1; y < 4; y++) this.block(0);
    mark(1);
    mark(2);
    return marks;
  }
}

/** Bytes a BitWriter wrote for a run of whole source bytes, and the bits it held back after them. */
interface KeptRun {
  bytes: Uint8Array;
  acc: number;
}

/** Appends bits and writes them out with byte stuffing, as an encoder does. */
class BitWriter {
  private n = 0;
  private acc = 0;
  private held = 0;
  constructor(private readonly out: Buffer) {}

  bytes(data: Uint8Array): void {
    this.out.set(data, this.n);
    this.n += data.length;
  }

  bits(value: number, count: number): void {
    this.acc = ((this.acc << count) | (value & ((1 << count) - 1))) >>> 0;
    this.held += count;
    while (this.held >= 8) {
      const byte = (this.acc >>> (this.held - 8)) & 0xff;
      this.out[this.n++] = byte;
      if (byte === 0xff) this.out[this.n++] = 0;
      this.held -= 8;
    }
    this.acc &= (1 << this.held) - 1;
  }

  copy(src: Uint8Array, from: number, count: number): void {
    let at = from;
    let left = count;
    for (; left > 0 && at & 7; left--) this.bits(bitAt(src, at++), 1);
    // Whole source bytes: each joins the bits held back and leaves as many held back.
    const { out, held } = this;
    const mask = (1 << held) - 1;
    let { n, acc } = this;
    for (let i = at >> 3, stop = (at + left) >> 3; i < stop; i++) {
      const joined = (acc << 8) | src[i]!;
      const byte = (joined >> held) & 0xff;
      out[n++] = byte;
      if (byte === 0xff) out[n++] = 0;
      acc = joined & mask;
    }
    this.n = n;
    this.acc = acc;
    at += left & ~7;
    for (left &= 7; left > 0; left--) this.bits(bitAt(src, at++), 1);
  }

  /**
   * `copy` for bits of the background, with its run of whole bytes after the first taken from
   * `runs`. Those bytes depend only on the source and on how many bits are held back when they
   * start (the first byte also takes the bits held before it), so a background keeps each run it
   * has written: a card then copies its background's rows before and after the title as bytes,
   * not bit by bit (0.3 ms of a card's CPU).
   */
  copyKept(src: Uint8Array, from: number, count: number, runs: Map<string, KeptRun>): void {
    let at = from;
    let left = count;
    for (; left > 0 && at & 7; left--) this.bits(bitAt(src, at++), 1);
    const start = (at >> 3) + 1;
    const stop = (at + left) >> 3;
    if (stop - start < 1) return this.copy(src, at, left);
    this.bits(src[at >> 3]!, 8);
    const key = `${start}:${stop}:${this.held}`;
    let run = runs.get(key);
    if (!run) {
      const writer = new BitWriter(Buffer.allocUnsafe(2 * (stop - start) + 1));
      writer.held = this.held;
      writer.acc = this.acc;
      writer.copy(src, start * 8, (stop - start) * 8);
      run = { bytes: Buffer.from(writer.out.subarray(0, writer.n)), acc: writer.acc };
      runs.set(key, run);
    }
    this.bytes(run.bytes);
    this.acc = run.acc;
    at += 8 * (stop - start + 1);
    left -= 8 * (stop - start + 1);
    for (; left > 0; left--) this.bits(bitAt(src, at++), 1);
  }

  /** A DC difference in the table's code: its size category, then its bits. */
  dc(table: HuffmanTable, diff: number): void {
    const size = diff === 0 ? 0 : 32 - Math.clz32(Math.abs(diff));
    this.bits(table.code[size]!, table.length[size]!);
    if (size) this.bits(diff < 0 ? diff + (1 << size) - 1 : diff, size);
  }

  finish(): Buffer {
    if (this.held) this.bits(0x7f, 8 - this.held);
    this.out[this.n++] = 0xff;
    this.out[this.n++] = 0xd9;
    return Buffer.from(this.out.subarray(0, this.n));
  }
}
