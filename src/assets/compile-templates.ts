import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions, Metafile } from 'esbuild';
import { cachedBuild } from './cached-build.ts';
import { templateCompileError } from '../errors/index.ts';
import { contentHash } from '../node/hash.ts';
import { packageRoot } from '../node/package-root.ts';
import { templateAliases } from './template-aliases.ts';
import { importExternal } from '../node/import-external.ts';

export interface CompiledTemplates {
  /** Absolute path of the Node bundle (ESM). */
  file: string;
  names: string[];
  /**
   * Page template → hash of every file its render runs (the template, what it imports, and the
   * Document, Root and markdown components every page runs): its pages' cache keys. Editing one
   * template or a component only it imports leaves other templates' pages cached.
   */
  keys: Record<string, string>;
  /** Page template → those files, absolute; `common` lists the files every template runs. */
  uses: Record<string, string[]>;
  common: string[];
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
  const build: BuildOptions = {
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
    // A map beside the bundle (read only when a template throws), so the error names the template line.
    outfile: 'server.mjs',
    sourcemap: 'external',
    sourcesContent: false,
    sourceRoot: dirname(templatesDir) + sep,
  };
  let result;
  try {
    result = await cachedBuild({ cacheDir: options.cacheDir, name: 'server', build });
  } catch (error) {
    throw templateCompileError(error, options.templatesDir);
  }
  const code = result.files.find((f) => f.path.endsWith('.mjs'))!.text;
  const map = result.files.find((f) => f.path.endsWith('.map'))?.text;
  const hash = contentHash(code);
  // Without paths of this checkout (the inputs' paths relative to the project stand for them): a restored cache still matches.
  const { stdin: _entry, absWorkingDir: _dir, nodePaths: _paths, sourceRoot: _root, alias, ...settings } = build;
  const settingsKey = contentHash(JSON.stringify(settings), Object.keys(alias ?? {}).join());
  const closures = templateClosures(result.metafile, names, dirname(templatesDir), settingsKey, result.inputs ?? {});
  const dir = join(options.cacheDir, 'templates');
  await mkdir(dir, { recursive: true });
  const file = resolve(dir, `server-${hash}.mjs`);
  await writeFile(file, code);
  if (map !== undefined) await writeFile(`${file}.map`, map);
  return { file, names, ...closures };
}

/**
 * What each page template's render runs, from esbuild's import graph. The entry imports Document,
 * Root, the markdown components and React (what every page runs) and each page template.
 */
function templateClosures(metafile: Metafile, names: string[], workingDir: string, settingsKey: string, hashes: Record<string, string>) {
  const entry = metafile.inputs[Object.keys(metafile.inputs).find((k) => k.endsWith('templates-entry.ts'))!]!;
  // Each page template's input, as the entry imports it.
  const pageInput = new Map(names.map((n) => [n, entry.imports.find((i) => i.original === `./pages/${n}.tsx`)!.path]));
  const pageInputs = new Set(pageInput.values());
  const closure = (starts: string[]) => {
    const seen = new Set<string>();
    const visit = (input: string) => {
      if (seen.has(input) || !metafile.inputs[input]) return;
      seen.add(input);
      metafile.inputs[input]!.imports.forEach((i) => visit(i.path));
    };
    starts.forEach(visit);
    return [...seen].sort();
  };
  const absolute = (inputs: string[]) => inputs.map((input) => resolve(workingDir, input));
  const key = (inputs: string[]) => contentHash(settingsKey, ...inputs.map((i) => `${i}\0${hashes[resolve(workingDir, i)] ?? ''}`));
  const common = closure(entry.imports.map((i) => i.path).filter((path) => !pageInputs.has(path)));
  const commonKey = key(common);
  const uses: Record<string, string[]> = {};
  const keys: Record<string, string> = {};
  for (const name of names) {
    const own = closure([pageInput.get(name)!]);
    uses[name] = absolute(own);
    keys[name] = contentHash(commonKey, key(own));
  }
  return { keys, uses, common: absolute(common) };
}

export async function importTemplates(file: string) {
  return await importExternal<import('../shared/template-contract.ts').TemplatesBundle>(pathToFileURL(file).href);
}
