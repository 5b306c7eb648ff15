import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';
import { contentHash } from '../node/hash.ts';

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
  output: BuildOutput;
}

function hashFile(path: string): string | undefined {
  try {
    return contentHash(readFileSync(path));
  } catch {
    return undefined;
  }
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
    if (Object.entries(entry.inputs).every(([path, hash]) => hashFile(path) === hash)) return { ...entry.output, inputs: entry.inputs };
  } catch {
    // No usable entry: build.
  }
  // Loaded only on a miss: a build whose bundles are all cached never loads esbuild.
  const { build } = await import('esbuild');
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
  for (const input of Object.keys(result.metafile.inputs)) {
    // The generated entry (stdin) is no file; its text is part of the key already.
    const path = resolve(options.build.absWorkingDir ?? process.cwd(), input);
    const hash = hashFile(path);
    if (hash !== undefined) inputs[path] = hash;
  }
  await mkdir(join(options.cacheDir, 'esbuild'), { recursive: true });
  await writeFile(file, JSON.stringify({ inputs, output } satisfies Entry));
  return { ...output, inputs };
}
