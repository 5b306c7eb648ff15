import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SlotPositions } from '../render/index.ts';

/** One file of the output: bytes to write, a cached file to link, or a rendered file to fill with this build's asset names. */
export type OutputFile = (
  | { path: string; data: string | Uint8Array }
  | { path: string; linkFrom: string; bytes: number }
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
  const paths = Object.keys(record.files);
  const manifest: Manifest = {
    version: 2,
    outDir,
    fingerprint,
    paths,
    stamps: paths.flatMap((path) => record.files[path]!),
    keys: paths.map((path) => record.keys[path] ?? ''),
  };
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(manifestFile(cacheDir), JSON.stringify(manifest));
}

/** The last build's record of out/, read once: the files still as written, and whether all of them are. */
export interface RecordedOutput {
  fingerprint: string;
  /** Only the files still there with the size and mtime they were written with. */
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
  const files: OutputRecord['files'] = {};
  const keys: OutputRecord['keys'] = {};
  let intact = true;
  manifest.paths.forEach((path, i) => {
    if (!isAsWritten(manifest, i)) {
      intact = false;
      return;
    }
    files[path] = [manifest.stamps[2 * i]!, manifest.stamps[2 * i + 1]!];
    if (manifest.keys[i]) keys[path] = manifest.keys[i];
  });
  return { fingerprint: manifest.fingerprint, record: { keys, files }, intact };
}

/** The record's `i`th file is there with its recorded size and mtime. The path is joined by hand: path.join costs a third of the check. */
function isAsWritten(manifest: Manifest, i: number): boolean {
  const stats = statSync(`${manifest.outDir}/${manifest.paths[i]}`, { throwIfNoEntry: false });
  return stats !== undefined && stats.size === manifest.stamps[2 * i] && stats.mtimeMs === manifest.stamps[2 * i + 1];
}

/** What out/ holds after a build: each file's content key and stamp. A watch session keeps it between builds. */
export interface OutputRecord {
  keys: Record<string, string>;
  files: Record<string, [number, number]>;
}

/**
 * Records what out/ now holds. Given the last record (a watch session's, in memory), only the
 * files this build wrote are stat'ed again; the others are as that record says.
 */
export function recordOutput(options: {
  cacheDir: string;
  outDir: string;
  /** Asked for only when the record is saved. */
  fingerprint: () => string;
  paths: string[];
  keys: Record<string, string>;
  last?: OutputRecord;
  written?: ReadonlySet<string>;
  /** Watch: the manifest is saved by the returned `save`, once the browser was told. */
  deferSave?: boolean;
}): { record: OutputRecord; save?: () => void } {
  const outDir = resolve(options.outDir);
  const files: OutputRecord['files'] = {};
  for (const path of options.paths) {
    const known = options.last && !options.written?.has(path) ? options.last.files[path] : undefined;
    if (known) files[path] = known;
    else {
      const stats = statSync(`${outDir}/${path}`);
      files[path] = [stats.size, stats.mtimeMs];
    }
  }
  const record = { keys: options.keys, files };
  const save = () => writeManifest(options.cacheDir, outDir, options.fingerprint(), record);
  if (options.deferSave) return { record, save };
  save();
  return { record };
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
