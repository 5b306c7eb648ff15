import { readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { cachedBuild } from './cached-build.ts';
import { clientBundleError } from '../errors/index.ts';
import { packageRoot } from '../node/package-root.ts';
import { componentChunkName } from '../shared/page-data.ts';
import { contentHash } from '../node/hash.ts';
import { templateAliases } from './template-aliases.ts';

export interface ClientBundle {
  /** Public path of the runtime entry (`/assets/runtime.<hash>.js`). */
  entry: string;
  /** Template name → every chunk its first render needs besides the entry. */
  templateChunks: Record<string, string[]>;
  /** Island name → its chunk first, then every chunk it imports besides the entry (React among them). */
  islandChunks: Record<string, string[]>;
  files: Array<{ path: string; text: string }>;
  /** Gzipped bytes: the entry and its imports, and each template's own chunks. */
  sizes: ClientSizes;
  hash: string;
}

export interface ClientSizes {
  entryGzip: number;
  templates: Record<string, number>;
  /** Per island, what its hydration adds to the entry: React, the island mounter and the island's chunks. */
  islands?: Record<string, number>;
  /** The forms module, loaded on the first submit. */
  formsGzip?: number;
}

/** templates/islands/*.tsx: each file is an island the templates can mark with <Island name="…">. */
export function islandNames(templatesDir: string): string[] {
  try {
    return readdirSync(join(templatesDir, 'islands'))
      .filter((n) => n.endsWith('.tsx'))
      .map((n) => basename(n, '.tsx'))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Bundles the runtime with Root and every page template for the browser: minified ESM, one lazy
 * chunk per template (keyed by componentChunkName), shared code split out, content-hashed names.
 */
export async function bundleClient(options: { templatesDir: string; names: string[]; cacheDir: string }): Promise<ClientBundle> {
  const templatesDir = resolve(options.templatesDir);
  const runtime = join(packageRoot(), 'src/client/index.ts');
  const islands = islandNames(templatesDir);
  // Nothing but the runtime is imported statically: Root, templates and islands (and React with
  // them) are chunks loaded when a page needs them, so a page of text loads only the runtime.
  const entrySource = [
    `import { boot } from ${JSON.stringify(runtime)};`,
    `void boot({ root: () => import(${JSON.stringify(join(templatesDir, 'Root.tsx'))}), templates: {`,
    ...options.names.map(
      (n) =>
        `  ${JSON.stringify(componentChunkName(n))}: { name: ${JSON.stringify(n)}, load: () => import(${JSON.stringify(join(templatesDir, 'pages', `${n}.tsx`))}) },`,
    ),
    '}, islands: {',
    ...islands.map((n) => `  ${JSON.stringify(n)}: () => import(${JSON.stringify(join(templatesDir, 'islands', `${n}.tsx`))}),`),
    '} });',
  ].join('\n');
  let result;
  try {
    result = await cachedBuild({
      cacheDir: options.cacheDir,
      name: 'client',
      build: {
        // From stdin, so chunk hashes do not depend on where the cache folder is.
        stdin: { contents: entrySource, resolveDir: templatesDir, sourcefile: 'runtime.ts', loader: 'ts' },
        // Paths in chunk hashes and comments are relative to the project, not to wherever the process runs.
        absWorkingDir: dirname(templatesDir),
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'browser',
        target: ['es2020', 'chrome100', 'safari15', 'firefox100'],
        minify: true,
        outdir: 'assets',
        entryNames: 'runtime.[hash]',
        chunkNames: 'chunks/[name].[hash]',
        publicPath: '/assets',
        jsx: 'automatic',
        define: { 'process.env.NODE_ENV': '"production"' },
        nodePaths: [join(packageRoot(), 'node_modules')],
        alias: templateAliases(),
        legalComments: 'none',
        logLevel: 'silent',
      },
    });
  } catch (error) {
    throw clientBundleError(error);
  }
  const files = result.files.filter((f) => f.path.endsWith('.js')).map((f) => ({ path: `assets/${f.path.split('/assets/')[1]}`, text: f.text }));
  return describe(result.metafile, files, options.names, islands, templatesDir);
}

function describe(metafile: Metafile, files: ClientBundle['files'], names: string[], islands: string[], templatesDir: string): ClientBundle {
  const outputs = metafile.outputs;
  const gz = new Map(files.map((f) => [f.path, gzipSync(f.text, { level: 9 }).length]));
  const staticClosure = (start: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(start)) return seen;
    seen.add(start);
    for (const imp of outputs[start]?.imports ?? []) if (imp.kind === 'import-statement') staticClosure(imp.path, seen);
    return seen;
  };
  const entryOut = Object.keys(outputs).find((o) => o.startsWith('assets/runtime.') && o.endsWith('.js'))!;
  const entrySet = staticClosure(entryOut);
  const sizeOf = (set: Iterable<string>) => [...set].reduce((sum, o) => sum + (gz.get(o) ?? 0), 0);
  // The output chunk a module became (a dynamic import's target is its own chunk).
  const chunkOf = (source: string, exporting?: string) =>
    Object.keys(outputs).find(
      (o) =>
        Object.keys(outputs[o]!.inputs).some((i) => resolve(dirname(templatesDir), i) === source) && (!exporting || outputs[o]!.exports.includes(exporting)),
    );
  const own = (chunk: string) => [...staticClosure(chunk)].filter((o) => !entrySet.has(o));
  // The full-hydration renderer (Root and React) comes with every template; a template chunk is on top.
  const fullView = chunkOf(join(packageRoot(), 'src/client/full-view.ts'));
  const root = chunkOf(join(templatesDir, 'Root.tsx'), 'default');
  const fullBase = new Set([...(fullView ? own(fullView) : []), ...(root ? own(root) : [])]);
  const templateChunks: ClientBundle['templateChunks'] = {};
  const templates: Record<string, number> = {};
  for (const name of names) {
    const chunk = chunkOf(join(templatesDir, 'pages', `${name}.tsx`), 'default');
    if (!chunk) continue;
    const chunks = [...new Set([...fullBase, ...own(chunk)])];
    templateChunks[name] = chunks.map((o) => `/${o}`);
    templates[name] = sizeOf(chunks);
  }
  const hydrator = chunkOf(join(packageRoot(), 'src/client/hydrate-island.ts'));
  const islandChunks: ClientBundle['islandChunks'] = {};
  const islandSizes: Record<string, number> = {};
  for (const name of islands) {
    const chunk = chunkOf(join(templatesDir, 'islands', `${name}.tsx`), 'default');
    if (!chunk) continue;
    islandChunks[name] = [chunk, ...own(chunk).filter((o) => o !== chunk)].map((o) => `/${o}`);
    islandSizes[name] = sizeOf(new Set([...own(chunk), ...(hydrator ? own(hydrator) : [])]));
  }
  const forms = chunkOf(join(packageRoot(), 'src/client/forms.ts'));
  const text = files.map((f) => f.text).join('\n');
  return {
    entry: `/${entryOut}`,
    templateChunks,
    islandChunks,
    files,
    sizes: { entryGzip: sizeOf(entrySet), templates, islands: islandSizes, ...(forms ? { formsGzip: sizeOf(own(forms)) } : {}) },
    hash: contentHash(text),
  };
}
