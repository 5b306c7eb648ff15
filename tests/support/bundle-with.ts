import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { ROOT } from './fixture.ts';

/**
 * Bundles an entry module written as `source` into `dir` the way compile.mjs bundles the CLI
 * (ESM for Node, packages from the project's node_modules, `require` for bundled CommonJS) with
 * `plugins`; returns the bundle's path, to read or import.
 */
export async function bundleWith(dir: string, name: string, source: string, plugins: Plugin[]): Promise<string> {
  const entry = join(dir, `${name}-entry.mjs`);
  await writeFile(entry, source);
  const outfile = join(dir, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    nodePaths: [join(ROOT, 'node_modules')],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    plugins,
    logLevel: 'silent',
  });
  return outfile;
}

/** Bundles one file alone with `plugins`, in memory: for a plugin that must refuse a file it no longer recognises. */
export async function bundleFileWith(dir: string, file: string, plugins: Plugin[]): Promise<void> {
  const entry = join(dir, 'file-entry.mjs');
  await writeFile(entry, `export * from ${JSON.stringify(file)};\n`);
  await build({ entryPoints: [entry], write: false, bundle: true, format: 'esm', plugins, logLevel: 'silent' });
}
