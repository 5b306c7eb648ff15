import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Metafile, Plugin } from 'esbuild';
import { cachedBuild } from './cached-build.ts';
import { clientBundleError } from '../errors/index.ts';
import { packageRoot } from '../node/package-root.ts';
import { componentChunkName } from '../shared/page-data.ts';
import { contentHash } from '../node/hash.ts';
import { templateAliases } from './template-aliases.ts';
import { writeFileAtomically } from '../node/write-atomically.ts';

export interface ClientBundle {
  /** Public path of the runtime entry (`/assets/runtime.<hash>.js`). */
  entry: string;
  /** Template name → every chunk its first render needs besides the entry. */
  templateChunks: Record<string, string[]>;
  /** Island name → its chunk first, then every chunk it imports besides the entry (React among them). */
  islandChunks: Record<string, string[]>;
  /** componentChunkName → the URL of the template's own file (published in app-data.json for the runtime to import). */
  templateEntries: Record<string, string>;
  /** Hash of every file but the templates' and islands' own: what an open tab must match to keep running. */
  coreHash: string;
  files: Array<{ path: string; text: string }>;
  /** Gzipped bytes: the entry and its imports, and each template's own chunks. */
  sizes: ClientSizes;
}

export interface ClientSizes {
  entryGzip: number;
  templates: Record<string, number>;
  /** Per island, what its hydration adds to the entry: React, the island mounter and the island's chunks. */
  islands?: Record<string, number>;
  /** The forms module, loaded on the first submit. */
  formsGzip?: number;
}

const RUNTIME_ENTRY = 'agency-site:runtime';

/** The runtime's entry, made from the templates' names, as a module esbuild resolves like a file. */
function generatedEntry(contents: string, resolveDir: string): Plugin {
  return {
    name: 'agency-site-runtime-entry',
    setup(build) {
      build.onResolve({ filter: /^agency-site:runtime$/ }, () => ({ path: 'runtime.ts', namespace: 'agency-site' }));
      build.onLoad({ filter: /.*/, namespace: 'agency-site' }, () => ({ contents, loader: 'ts', resolveDir }));
    },
  };
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
  // Nothing but the runtime is imported statically: Root (and React with it) is a chunk loaded when
  // a page needs it. Templates and islands are entry points of their own, loaded by the URL the
  // build publishes (app-data.json, page-data.islands.json): the runtime does not name them, so
  // editing one template changes that template's file, not the runtime every page loads.
  const entrySource = [
    `import { boot } from ${JSON.stringify(runtime)};`,
    `void boot({ root: () => import(${JSON.stringify(join(templatesDir, 'Root.tsx'))}), templates: {`,
    ...options.names.map((n) => `  ${JSON.stringify(componentChunkName(n))}: ${JSON.stringify(n)},`),
    '} });',
  ].join('\n');
  const pages = Object.fromEntries(options.names.map((n) => [`chunks/${n}`, join(templatesDir, 'pages', `${n}.tsx`)]));
  // An island named like a template gets its own name.
  const islandEntries = Object.fromEntries(
    islands.map((n) => [`chunks/${`chunks/${n}` in pages ? `island-${n}` : n}`, join(templatesDir, 'islands', `${n}.tsx`)]),
  );
  let result;
  try {
    result = await cachedBuild({
      cacheDir: options.cacheDir,
      name: 'client',
      // The generated entry is a plugin's module, which the build options' JSON does not show.
      key: entrySource,
      build: {
        entryPoints: { runtime: RUNTIME_ENTRY, ...pages, ...islandEntries },
        // The entry is made here, so chunk hashes do not depend on where the cache folder is.
        plugins: [generatedEntry(entrySource, templatesDir)],
        // Paths in chunk hashes and comments are relative to the project, not to wherever the process runs.
        absWorkingDir: dirname(templatesDir),
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'browser',
        target: ['es2020', 'chrome100', 'safari15', 'firefox100'],
        minify: true,
        outdir: 'assets',
        entryNames: '[dir]/[name].[hash]',
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
  return describe(result.metafile, files, gzipSizes(files, options.cacheDir), options.names, islands, templatesDir);
}

/**
 * Each file's gzip size, for the report. Remembered by file name, which carries the file's content
 * hash: compressing the bundle at level 9 again cost every build 20 ms.
 */
function gzipSizes(files: ClientBundle['files'], cacheDir: string): Map<string, number> {
  const file = join(cacheDir, 'client-gzip-sizes.json');
  let known: Record<string, number> = {};
  try {
    known = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    // None yet, or unreadable: measured again.
  }
  const sizes = new Map(files.map((f) => [f.path, known[f.path] ?? gzipSync(f.text, { level: 9 }).length]));
  if (files.some((f) => known[f.path] === undefined)) {
    writeFileAtomically(file, JSON.stringify(Object.fromEntries(sizes)));
  }
  return sizes;
}

function describe(
  metafile: Metafile,
  files: ClientBundle['files'],
  gz: Map<string, number>,
  names: string[],
  islands: string[],
  templatesDir: string,
): ClientBundle {
  const outputs = metafile.outputs;
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
  const templateEntries: ClientBundle['templateEntries'] = {};
  const templates: Record<string, number> = {};
  for (const name of names) {
    const chunk = chunkOf(join(templatesDir, 'pages', `${name}.tsx`), 'default');
    if (!chunk) continue;
    templateEntries[componentChunkName(name)] = `/${chunk}`;
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
  // Each template's and island's own file is loaded by its URL: the rest is what a tab runs with any page.
  const loadedByUrl = new Set([...Object.values(templateEntries), ...Object.values(islandChunks).map((chunks) => chunks[0]!)].map((url) => url.slice(1)));
  return {
    entry: `/${entryOut}`,
    templateChunks,
    templateEntries,
    coreHash: contentHash(...files.filter((f) => !loadedByUrl.has(f.path)).map((f) => `${f.path}\0${f.text}`)),
    islandChunks,
    files,
    sizes: { entryGzip: sizeOf(entrySet), templates, islands: islandSizes, ...(forms ? { formsGzip: sizeOf(own(forms)) } : {}) },
  };
}
