import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** One file of the output: bytes to write, or a cached file to link. */
export type OutputFile = { path: string; data: string | Uint8Array } | { path: string; linkFrom: string; bytes: number };

interface Manifest {
  outDir: string;
  fingerprint: string;
  /** path → [size, mtimeMs] as written, to notice a hand-edited or deleted file. */
  files: Record<string, [number, number]>;
}

const manifestFile = (cacheDir: string) => join(cacheDir, 'last-build.json');

/**
 * True when out/ holds exactly what this build would write: same fingerprint of every file's
 * content key as the last build into the same folder, and every file still there, unmodified.
 */
export function isOutputCurrent(options: { cacheDir: string; outDir: string; fingerprint: string }): boolean {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile(options.cacheDir), 'utf8')) as Manifest;
  } catch {
    return false;
  }
  const outDir = resolve(options.outDir);
  if (manifest.outDir !== outDir || manifest.fingerprint !== options.fingerprint) return false;
  for (const [path, [size, mtime]] of Object.entries(manifest.files)) {
    const stats = statSync(join(outDir, path), { throwIfNoEntry: false });
    if (!stats || stats.size !== size || stats.mtimeMs !== mtime) return false;
  }
  return true;
}

export function recordOutput(options: { cacheDir: string; outDir: string; fingerprint: string; paths: string[] }): void {
  const outDir = resolve(options.outDir);
  const files: Manifest['files'] = {};
  for (const path of options.paths) {
    const stats = statSync(join(outDir, path));
    files[path] = [stats.size, stats.mtimeMs];
  }
  mkdirSync(options.cacheDir, { recursive: true });
  writeFileSync(manifestFile(options.cacheDir), JSON.stringify({ outDir, fingerprint: options.fingerprint, files } satisfies Manifest));
}

/** Forgets the last build's record (out/ was changed in place), so the next build writes in full. */
export function clearOutputRecord(cacheDir: string): void {
  rmSync(manifestFile(cacheDir), { force: true });
}
