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

/**
 * True when out/ holds exactly what this build would write: same fingerprint of every file's
 * content key as the last build into the same folder, and every file still there, unmodified.
 */
export function isOutputCurrent(options: { cacheDir: string; outDir: string; fingerprint: string }): boolean {
  return currentOutput(options) !== undefined;
}

/** What out/ holds, when it holds exactly what this build would write (see `isOutputCurrent`); the keys are empty in a record from before they were kept. */
export function currentOutput(options: { cacheDir: string; outDir: string; fingerprint: string }): OutputRecord | undefined {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile(options.cacheDir), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
  const outDir = resolve(options.outDir);
  if (manifest.outDir !== outDir || manifest.fingerprint !== options.fingerprint) return undefined;
  for (const [path, [size, mtime]] of Object.entries(manifest.files)) {
    const stats = statSync(join(outDir, path), { throwIfNoEntry: false });
    if (!stats || stats.size !== size || stats.mtimeMs !== mtime) return undefined;
  }
  return { keys: manifest.keys ?? {}, files: manifest.files };
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
 * The content key of every file the last build left in `outDir`, trusted only while each file is
 * still as written (size and mtime): what an in-place update compares against.
 */
export function readOutputKeys(options: { cacheDir: string; outDir: string }): Record<string, string> | undefined {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile(options.cacheDir), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
  if (manifest.outDir !== resolve(options.outDir) || !manifest.keys) return undefined;
  const keys: Record<string, string> = {};
  for (const [path, key] of Object.entries(manifest.keys)) {
    const recorded = manifest.files[path];
    const stats = statSync(join(manifest.outDir, path), { throwIfNoEntry: false });
    // A file changed behind our back is simply not trusted: the update rewrites it.
    if (recorded && stats && stats.size === recorded[0] && stats.mtimeMs === recorded[1]) keys[path] = key;
  }
  return keys;
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
  try {
    const manifest = JSON.parse(readFileSync(manifestFile(options.cacheDir), 'utf8')) as Manifest;
    return typeof manifest.fingerprint === 'string' && manifest.fingerprint !== '' && isOutputCurrent({ ...options, fingerprint: manifest.fingerprint });
  } catch {
    return false;
  }
}
