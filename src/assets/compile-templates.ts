import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cachedBuild } from './cached-build.ts';
import { templateCompileError } from '../errors/index.ts';
import { contentHash } from '../node/hash.ts';
import { packageRoot } from '../node/package-root.ts';
import { templateAliases } from './template-aliases.ts';

export interface CompiledTemplates {
  /** Absolute path of the Node bundle (ESM). */
  file: string;
  /** Hash of the bundle's code: part of every page's cache key and of the build hash. */
  hash: string;
  names: string[];
}

/**
 * Bundles templates/ for Node once per build: Document, Root, every page template and the
 * markdown components map, into one ESM file keyed by its content hash.
 */
export async function compileTemplates(options: { templatesDir: string; cacheDir: string }): Promise<CompiledTemplates> {
  const templatesDir = resolve(options.templatesDir);
  const names = (await readdir(join(templatesDir, 'pages')).catch(() => [] as string[]))
    .filter((n) => n.endsWith('.tsx'))
    .map((n) => basename(n, '.tsx'))
    .sort();
  const entry = [
    `export { default as Document } from './Document.tsx';`,
    `export { default as Root } from './Root.tsx';`,
    `export { markdownComponents } from './markdown-components.tsx';`,
    // React comes from the bundle too, so templates and renderer share one React instance.
    `export { createElement } from 'react';`,
    `export { renderToString } from 'react-dom/server';`,
    ...names.map((n, i) => `import * as p${i} from './pages/${n}.tsx';`),
    `export const pages = { ${names.map((n, i) => `${JSON.stringify(n)}: p${i}`).join(', ')} };`,
  ].join('\n');
  let result;
  try {
    result = await cachedBuild({
      cacheDir: options.cacheDir,
      name: 'server',
      build: {
        stdin: { contents: entry, resolveDir: templatesDir, sourcefile: 'templates-entry.ts', loader: 'ts' },
        // Paths in chunk hashes and comments are relative to the project, not to wherever the process runs.
        absWorkingDir: dirname(templatesDir),
        bundle: true,
        write: false,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        jsx: 'automatic',
        // Self-contained: the bundle can live in any cache folder and still find React.
        banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
        define: { 'process.env.NODE_ENV': '"production"' },
        // Templates outside this project (fixtures, other sites) still find React in the generator's node_modules.
        nodePaths: [join(packageRoot(), 'node_modules')],
        alias: templateAliases(),
        logLevel: 'silent',
      },
    });
  } catch (error) {
    throw templateCompileError(error, options.templatesDir);
  }
  const code = result.files[0]!.text;
  const hash = contentHash(code);
  const dir = join(options.cacheDir, 'templates');
  await mkdir(dir, { recursive: true });
  const file = resolve(dir, `server-${hash}.mjs`);
  await writeFile(file, code);
  return { file, hash, names };
}

export async function importTemplates(file: string) {
  return (await import(pathToFileURL(file).href)) as import('../shared/template-contract.ts').TemplatesBundle;
}
