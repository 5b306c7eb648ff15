import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { cachedBuild } from './cached-build.ts';
import { clientBundleError } from '../errors/index.ts';
import { packageRoot } from '../shared/package-root.ts';
import { componentChunkName } from '../shared/page-data.ts';
import { contentHash } from '../shared/hash.ts';
import { templateAliases } from './template-aliases.ts';

export interface ClientBundle {
  /** Public path of the runtime entry (`/assets/runtime.<hash>.js`). */
  entry: string;
  /** Template name → every chunk its first render needs besides the entry. */
  templateChunks: Record<string, string[]>;
  files: Array<{ path: string; text: string }>;
  /** Gzipped bytes: the entry and its imports, and each template's own chunks. */
  sizes: { entryGzip: number; templates: Record<string, number> };
  hash: string;
}

/**
 * Bundles the runtime with Root and every page template for the browser: minified ESM, one lazy
 * chunk per template (keyed by componentChunkName), shared code split out, content-hashed names.
 */
export async function bundleClient(options: { templatesDir: string; names: string[]; cacheDir: string }): Promise<ClientBundle> {
  const templatesDir = resolve(options.templatesDir);
  const runtime = join(packageRoot(), 'src/client/index.ts');
  const entrySource = [
    `import { boot } from ${JSON.stringify(runtime)};`,
    `import Root from ${JSON.stringify(join(templatesDir, 'Root.tsx'))};`,
    'void boot({ Root, templates: {',
    ...options.names.map((n) => `  ${JSON.stringify(componentChunkName(n))}: { name: ${JSON.stringify(n)}, load: () => import(${JSON.stringify(join(templatesDir, 'pages', `${n}.tsx`))}) },`),
    '} });',
  ].join('\n');
  let result;
  try {
    result = await cachedBuild({ cacheDir: options.cacheDir, name: 'client', build: {
      // From stdin, so chunk hashes do not depend on where the cache folder is.
      stdin: { contents: entrySource, resolveDir: templatesDir, sourcefile: 'runtime.ts', loader: 'ts' },
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
    } });
  } catch (error) {
    throw clientBundleError(error);
  }
  const files = result.files.filter((f) => f.path.endsWith('.js')).map((f) => ({ path: `assets/${f.path.split('/assets/')[1]}`, text: f.text }));
  return describe(result.metafile, files, options.names, templatesDir);
}

function describe(metafile: Metafile, files: ClientBundle['files'], names: string[], templatesDir: string): ClientBundle {
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
  const templateChunks: ClientBundle['templateChunks'] = {};
  const templates: Record<string, number> = {};
  for (const name of names) {
    const source = `${join(templatesDir, 'pages', `${name}.tsx`)}`;
    const chunk = Object.keys(outputs).find((o) => Object.keys(outputs[o]!.inputs).some((i) => resolve(i) === source) && outputs[o]!.exports.includes('default'));
    if (!chunk) continue;
    const own = [...staticClosure(chunk)].filter((o) => !entrySet.has(o));
    templateChunks[name] = own.map((o) => `/${o}`);
    templates[name] = sizeOf(own);
  }
  const text = files.map((f) => f.text).join('\n');
  return {
    entry: `/${entryOut}`,
    templateChunks,
    files,
    sizes: { entryGzip: sizeOf(entrySet), templates },
    hash: contentHash(text),
  };
}
