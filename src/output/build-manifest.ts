import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SlotPositions } from '../render/index.ts';

/** One file of the output: bytes to write, a cached file to link, or a rendered file to fill with this build's asset names. */
export type OutputFile = (
  | { path: string; data: string | Uint8Array }
  | {
      path: string;
      linkFrom: string;
      bytes: number;
      /** A cached page's slots and the names it holds in them: a watch save can write them back into out/'s own copy. */
      slots?: { at: SlotPositions; values: Record<string, string> };
    }
  | {
      path: string;
      /** A page cache file stored with the names `storedWith`, at the offsets `at`; `values` has this build's. */
      fillFrom: string;
      at: SlotPositions;
      storedWith: Record<string, string>;
      values: Record<string, string>;
      /** The names this file gets (of its own slots only): with `fillFrom`, what the file holds. */
      named: string;
    }
) & {
  /** Named by a hash of its bytes, so it can be cached forever (listed in `_hashed-files.json`). */
  hashed?: boolean;
};

/**
 * The record on disk, in arrays rather than objects keyed by path: a warm build reads it on every
 * run, and 13,000 paths parse in a quarter of the time this way.
 */
interface Manifest {
  version: 2;
  outDir: string;
  fingerprint: string;
  paths: string[];
  /** Size and mtimeMs of each path as written, two numbers a path: to notice a hand-edited or deleted file. */
  stamps: number[];
  /** Each path's content key (the cached file it was linked from, or the hash of its bytes). */
  keys: string[];
}

const manifestFile = (cacheDir: string) => join(cacheDir, 'last-build.json');

/** Undefined when there is no record, or one written by an older version (the next write is then a full one). */
function readManifest(cacheDir: string): Manifest | undefined {
  try {
    const manifest = JSON.parse(readFileSync(manifestFile(cacheDir), 'utf8')) as Manifest;
    return manifest.version === 2 ? manifest : undefined;
  } catch {
    return undefined;
  }
}

function writeManifest(cacheDir: string, outDir: string, fingerprint: string, record: OutputRecord): void {
  const manifest: Manifest = { version: 2, outDir, fingerprint, paths: record.paths, stamps: record.stamps, keys: record.keys };
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(manifestFile(cacheDir), JSON.stringify(manifest));
}

/** The last build's record of out/, read once: the files still as written, and whether all of them are. */
export interface RecordedOutput {
  fingerprint: string;
  /** A file no longer as written (its size or mtime changed, or it is gone) has the key '': it is written again. */
  record: OutputRecord;
  /** Every recorded file is still there, unmodified. */
  intact: boolean;
}

/**
 * Reads the last build's record of out/ and stats each file once. A file changed behind our back
 * is simply not trusted: an update rewrites it. Undefined without a record of this folder.
 */
export function readOutputRecord(options: { cacheDir: string; outDir: string }): RecordedOutput | undefined {
  const manifest = readManifest(options.cacheDir);
  if (manifest?.outDir !== resolve(options.outDir)) return undefined;
  const keys = manifest.keys;
  let intact = true;
  for (let i = 0; i < manifest.paths.length; i++) {
    if (isAsWritten(manifest, i)) continue;
    intact = false;
    keys[i] = '';
  }
  return { fingerprint: manifest.fingerprint, record: { paths: manifest.paths, keys, stamps: manifest.stamps }, intact };
}

/** The record's `i`th file is there with its recorded size and mtime. The path is joined by hand: path.join costs a third of the check. */
function isAsWritten(manifest: Manifest, i: number): boolean {
  const stats = statSync(`${manifest.outDir}/${manifest.paths[i]}`, { throwIfNoEntry: false });
  return stats !== undefined && stats.size === manifest.stamps[2 * i] && stats.mtimeMs === manifest.stamps[2 * i + 1];
}

/**
 * What out/ holds after a build: each file's content key and stamp, in arrays by position (the
 * build's order: sorted by path, sw.js last). A watch session keeps it between builds; 13,000
 * paths as object keys cost several milliseconds for each object made of them, a save.
 */
export interface OutputRecord {
  paths: string[];
  /** Each file's content key ('' when unknown: the file is written again). */
  keys: string[];
  /** Size and mtimeMs of each file as written, two numbers a file. */
  stamps: number[];
  /** The asset names in the slots of out/'s filled pages (each holds those of its own): kept in memory only. */
  names?: Readonly<Record<string, string>>;
}

/**
 * Where each of `paths` is in the record (-1: not in it). A build with the same files as the last
 * one (nearly every watch save) has them at the same positions; one that renamed a file (a card,
 * after a title edit) has them at the same positions before it and after the files it moved past,
 * so only those few are looked up by path.
 */
export function positionsIn(record: OutputRecord, paths: readonly string[]): Int32Array {
  const known = record.paths;
  const at = new Int32Array(paths.length).fill(-1);
  let from = 0;
  while (from < paths.length && from < known.length && known[from] === paths[from]) at[from] = from++;
  let end = paths.length;
  for (let k = known.length; end > from && k > from && known[k - 1] === paths[end - 1];) at[--end] = --k;
  if (end > from) {
    const index = new Map<string, number>();
    for (let j = from; j < known.length; j++) index.set(known[j]!, j);
    for (let i = from; i < end; i++) at[i] = index.get(paths[i]!) ?? -1;
  }
  return at;
}

/**
 * Records what out/ now holds. Given the last record (a watch session's in memory, or the one
 * `build` read and checked), only the files this build wrote, or that the record does not know,
 * are stat'ed; the others are as that record says.
 */
export function recordOutput(options: {
  cacheDir: string;
  outDir: string;
  /** Asked for only when the record is saved. */
  fingerprint: () => string;
  paths: string[];
  keys: string[];
  /** The last record, and where each of `paths` is in it (positionsIn). */
  last?: { record: OutputRecord; at: Int32Array };
  /** 1 at the positions of `paths` this build wrote: those are stat'ed again. */
  written?: Uint8Array;
  /** Size and mtimeMs of written files, when the writer took them from the open file. */
  stamped?: ReadonlyMap<string, [number, number]>;
  /** This build's asset names, which every filled page of out/ now holds. */
  names?: Readonly<Record<string, string>>;
  /** Watch: the manifest is saved by the returned `save`, once the browser was told. */
  deferSave?: boolean;
}): { record: OutputRecord; save?: () => void } {
  const outDir = resolve(options.outDir);
  const { paths, written } = options;
  const last = options.last?.record;
  const at = options.last?.at;
  const stamps = new Array<number>(paths.length * 2);
  for (let i = 0; i < paths.length; i++) {
    const j = at && !written?.[i] ? at[i]! : -1;
    if (j >= 0 && last!.keys[j] !== '') {
      stamps[2 * i] = last!.stamps[2 * j]!;
      stamps[2 * i + 1] = last!.stamps[2 * j + 1]!;
    } else {
      const [size, mtimeMs] = options.stamped?.get(paths[i]!) ?? stampOf(`${outDir}/${paths[i]}`);
      stamps[2 * i] = size;
      stamps[2 * i + 1] = mtimeMs;
    }
  }
  const record: OutputRecord = { paths, keys: options.keys, stamps, ...(options.names ? { names: options.names } : {}) };
  const save = () => writeManifest(options.cacheDir, outDir, options.fingerprint(), record);
  if (options.deferSave) return { record, save };
  save();
  return { record };
}

function stampOf(file: string): [number, number] {
  const stats = statSync(file);
  return [stats.size, stats.mtimeMs];
}

/** Forgets the last build's record (out/ was changed in place), so the next build writes in full. */
export function clearOutputRecord(cacheDir: string): void {
  rmSync(manifestFile(cacheDir), { force: true });
}

/**
 * True when out/ still holds exactly what the last build recorded (every file there, unmodified).
 * Used with the source stamps to skip a build whose inputs did not change.
 */
export function isOutputAsRecorded(options: { cacheDir: string; outDir: string }): boolean {
  // Its own loop, not readOutputRecord: a warm build only asks yes or no, and stops at the first file changed.
  const manifest = readManifest(options.cacheDir);
  if (!manifest?.fingerprint || manifest.outDir !== resolve(options.outDir)) return false;
  return manifest.paths.every((_, i) => isAsWritten(manifest, i));
}
