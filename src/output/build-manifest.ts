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

interface Manifest {
  outDir: string;
  fingerprint: string;
  /** path → [size, mtimeMs] as written, to notice a hand-edited or deleted file. */
  files: Record<string, [number, number]>;
  /** path → content key (the cached file it was linked from, or the hash of its bytes). */
  keys?: Record<string, string>;
}

const manifestFile = (cacheDir: string) => join(cacheDir, 'last-build.json');

/** The last build's record of out/, read once: the files still as written, and whether all of them are. */
export interface RecordedOutput {
  fingerprint: string;
  /** Only the files still there with the size and mtime they were written with; `keys` is empty in a record from before they were kept. */
  record: OutputRecord;
  /** Every recorded file is still there, unmodified. */
  intact: boolean;
  /** The record names each file's content key (what an in-place update compares against). */
  keyed: boolean;
}

/**
 * Reads the last build's record of out/ and stats each file once. A file changed behind our back
 * is simply not trusted: an update rewrites it. Undefined without a record of this folder.
 */
export function readOutputRecord(options: { cacheDir: string; outDir: string }): RecordedOutput | undefined {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile(options.cacheDir), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
  if (manifest.outDir !== resolve(options.outDir)) return undefined;
  const files: OutputRecord['files'] = {};
  const keys: OutputRecord['keys'] = {};
  let intact = true;
  for (const [path, stamp] of Object.entries(manifest.files)) {
    if (!isAsWritten(manifest.outDir, path, stamp)) {
      intact = false;
      continue;
    }
    files[path] = stamp;
    const key = manifest.keys?.[path];
    if (key !== undefined) keys[path] = key;
  }
  return { fingerprint: manifest.fingerprint, record: { keys, files }, intact, keyed: manifest.keys !== undefined };
}

function isAsWritten(outDir: string, path: string, [size, mtime]: [number, number]): boolean {
  const stats = statSync(join(outDir, path), { throwIfNoEntry: false });
  return stats !== undefined && stats.size === size && stats.mtimeMs === mtime;
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
  const files: Manifest['files'] = {};
  for (const path of options.paths) {
    const known = options.last && !options.written?.has(path) ? options.last.files[path] : undefined;
    if (known) files[path] = known;
    else {
      const stats = statSync(join(outDir, path));
      files[path] = [stats.size, stats.mtimeMs];
    }
  }
  const save = () => {
    mkdirSync(options.cacheDir, { recursive: true });
    const manifest: Manifest = { outDir, fingerprint: options.fingerprint(), files, keys: options.keys };
    writeFileSync(manifestFile(options.cacheDir), JSON.stringify(manifest));
  };
  const record = { keys: options.keys, files };
  if (options.deferSave) return { record, save };
  save();
  return { record };
}

/**
 * Notes files replaced in place after the last build (one re-rendered post): their new keys and
 * stats, and no fingerprint, so the next build checks every file again instead of trusting it.
 */
export function recordReplacedFiles(options: { cacheDir: string; outDir: string; keys: Record<string, string> }): void {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile(options.cacheDir), 'utf8')) as Manifest;
  } catch {
    return;
  }
  if (manifest.outDir !== resolve(options.outDir)) return clearOutputRecord(options.cacheDir);
  manifest.fingerprint = '';
  for (const [path, key] of Object.entries(options.keys)) {
    const stats = statSync(join(manifest.outDir, path));
    manifest.files[path] = [stats.size, stats.mtimeMs];
    if (manifest.keys) manifest.keys[path] = key;
  }
  writeFileSync(manifestFile(options.cacheDir), JSON.stringify(manifest));
}

/** Forgets the last build's record (out/ was changed in place), so the next build writes in full. */
export function clearOutputRecord(cacheDir: string): void {
  rmSync(manifestFile(cacheDir), { force: true });
}

/**
 * True when out/ still holds exactly what the last complete build recorded (every file there,
 * unmodified); false after an in-place update, which clears the fingerprint. Used with the
 * source stamps to skip a build whose inputs did not change.
 */
export function isOutputAsRecorded(options: { cacheDir: string; outDir: string }): boolean {
  // Its own loop, not readOutputRecord: a warm build only asks yes or no, and stops at the first file changed.
  try {
    const manifest = JSON.parse(readFileSync(manifestFile(options.cacheDir), 'utf8')) as Manifest;
    if (typeof manifest.fingerprint !== 'string' || manifest.fingerprint === '' || manifest.outDir !== resolve(options.outDir)) return false;
    return Object.entries(manifest.files).every(([path, stamp]) => isAsWritten(manifest.outDir, path, stamp));
  } catch {
    return false;
  }
}
