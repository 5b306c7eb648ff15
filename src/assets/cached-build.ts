import { readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';
import { contentHash } from '../node/hash.ts';
import { importExternal } from '../node/import-external.ts';

export interface BuildOutput {
  files: Array<{ path: string; text: string }>;
  metafile: Metafile;
  /** esbuild's warnings (a CSS syntax error is one), kept with the result so a cached build repeats them. */
  warnings?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }>;
  /** Absolute path → content hash of every file esbuild read (the generated entry is none). */
  inputs?: Record<string, string>;
}

interface Entry {
  /** Absolute path → content hash of every file esbuild read. */
  inputs: Record<string, string>;
  /** Each input's size, mtime and inode when it was hashed: a file with the same is not read again. */
  stamps?: Record<string, Stamp>;
  output: BuildOutput;
}

type Stamp = [size: number, mtimeMs: number, ino: number];

function hashFile(path: string): string | undefined {
  try {
    return contentHash(readFileSync(path));
  } catch {
    return undefined;
  }
}

function stampOf(path: string): Stamp | undefined {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats && [stats.size, stats.mtimeMs, stats.ino];
}

const sameStamp = (a: Stamp | undefined, b: Stamp | undefined) => !!a && !!b && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/**
 * Whether every input still has the content it was built from. Reading and hashing the 250
 * inputs of the three bundles took ~20 ms of every build; a stat each is enough for the files
 * untouched since. One touched but unchanged (a checkout) is hashed, and its new stamp saved.
 */
async function inputsUnchanged(file: string, entry: Entry): Promise<boolean> {
  let restamped = false;
  const stamps = { ...entry.stamps };
  for (const [path, hash] of Object.entries(entry.inputs)) {
    const stamp = stampOf(path);
    if (sameStamp(stamp, entry.stamps?.[path])) continue;
    if (!stamp || hashFile(path) !== hash) return false;
    stamps[path] = stamp;
    restamped = true;
  }
  if (restamped) await writeFile(file, JSON.stringify({ ...entry, stamps } satisfies Entry));
  return true;
}

/**
 * esbuild, remembered: the last result is reused while every file it read (templates, src/client,
 * React in node_modules) has the same content and the options are the same. Bundling React twice
 * on every warm build was most of a warm build's fixed cost.
 */
export async function cachedBuild(options: { cacheDir: string; name: string; build: BuildOptions; key?: string }): Promise<BuildOutput> {
  // Plugins are functions, which JSON leaves out: what they add must be in `key`.
  const key = contentHash(JSON.stringify(options.build), options.key ?? '');
  const file = join(options.cacheDir, 'esbuild', `${options.name}-${key}.json`);
  try {
    const entry = JSON.parse(await readFile(file, 'utf8')) as Entry;
    if (await inputsUnchanged(file, entry)) return { ...entry.output, inputs: entry.inputs };
  } catch {
    // No usable entry: build.
  }
  // Loaded only on a miss: a build whose bundles are all cached never loads esbuild.
  const { build } = await importExternal<typeof import('esbuild')>('esbuild');
  const result = await build({ ...options.build, write: false, metafile: true });
  const warnings = result.warnings.map((w) => ({
    text: w.text,
    location: w.location ? { file: w.location.file, line: w.location.line, column: w.location.column } : null,
  }));
  const output: BuildOutput = {
    files: result.outputFiles.map((f) => ({ path: f.path, text: f.text })),
    metafile: result.metafile,
    ...(warnings.length ? { warnings } : {}),
  };
  const inputs: Record<string, string> = {};
  const stamps: Record<string, Stamp> = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    // The generated entry (stdin) is no file; its text is part of the key already.
    const path = resolve(options.build.absWorkingDir ?? process.cwd(), input);
    // Stamped before it is hashed: an edit in between is hashed again by the next check, not trusted by its stamp.
    const stamp = stampOf(path);
    const hash = hashFile(path);
    if (hash === undefined || !stamp) continue;
    inputs[path] = hash;
    stamps[path] = stamp;
  }
  await mkdir(join(options.cacheDir, 'esbuild'), { recursive: true });
  await writeFile(file, JSON.stringify({ inputs, stamps, output } satisfies Entry));
  return { ...output, inputs };
}
