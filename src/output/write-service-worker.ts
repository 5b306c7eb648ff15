import { copyFile, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { filledData } from './filled-file.ts';
import type { OutputFile } from './build-manifest.ts';
import { contentHash } from '../node/hash.ts';
import { packageRoot } from '../node/package-root.ts';
import { importExternal } from '../node/import-external.ts';

let bundled: Promise<string> | undefined;

// The worker (src/sw, bundled for the browser) and the URL layout it imports: both are in its cache key.
const WORKER_SOURCES = ['src/sw/sw-source.ts', 'src/shared/site-urls.ts'];

/** The worker's code, bundled once per process (it depends only on src/sw, src/shared and workbox), as a file in this cache. */
async function bundleWorker(cacheDir: string): Promise<string> {
  bundled ??= (async () => {
    const { build } = await importExternal<typeof import('esbuild')>('esbuild');
    const result = await build({
      entryPoints: [join(packageRoot(), WORKER_SOURCES[0]!)],
      bundle: true,
      format: 'iife',
      minify: true,
      write: false,
      target: ['es2020'],
      define: { 'process.env.NODE_ENV': '"production"' },
      nodePaths: [join(packageRoot(), 'node_modules')],
      logLevel: 'silent',
    });
    return result.outputFiles[0]!.text;
  })();
  const code = await bundled;
  // Written every time: the cache folder may be another one, or have been emptied since.
  const file = join(cacheDir, 'sw', `sw-src-${contentHash(code)}.js`);
  await mkdir(join(cacheDir, 'sw'), { recursive: true });
  await writeFile(file, code);
  return file;
}

/** The files the worker precaches, as paths in out/ (what the glob patterns below match). */
export function isPrecached(path: string): boolean {
  if (path.startsWith('assets/')) return path.endsWith('.js') || path.endsWith('.css');
  return PRECACHED_PAGES.has(path);
}
const PRECACHED_PAGES = new Set(['offline/index.html', 'es/offline/index.html', 'favicon.svg']);

/**
 * sw.js, as a file of the cache for the output to put in place like a rendered page:
 * workbox-build's injectManifest lists the hashed runtime, CSS and the offline pages of `globDir`
 * (the folder being published) with their revisions. It is kept under `precacheKey` (the content
 * keys of the precached files) and the worker's sources, so a build that changed none of them
 * reuses it instead of loading esbuild and workbox-build.
 */
export async function serviceWorkerFile(options: {
  globDir: string;
  cacheDir: string;
  precacheKey: string;
}): Promise<{ file: string; bytes: number; fromCache: boolean }> {
  // The worker's source and the workbox versions it bundles are part of the key too.
  const versions = await Promise.all(
    ['workbox-build', 'workbox-precaching'].map((p) => readFile(join(packageRoot(), 'node_modules', p, 'package.json'), 'utf8').catch(() => p)),
  );
  const sources = await Promise.all(WORKER_SOURCES.map((f) => readFile(join(packageRoot(), f))));
  const key = contentHash('sw-v1', options.precacheKey, ...sources, ...versions);
  const cached = join(options.cacheDir, 'sw', `sw-${key}.js`);
  const hit = await stat(cached).catch(() => undefined);
  if (hit?.isFile()) return { file: cached, bytes: hit.size, fromCache: true };
  const swSrc = await bundleWorker(options.cacheDir);
  // Its own module, not the package's index: the index also loads generateSW's bundler (rollup,
  // babel), 0.6 s of a cold build's 0.8 s service worker step, against 0.1–0.2 s for this one.
  const { injectManifest } = await importExternal<Pick<typeof import('workbox-build'), 'injectManifest'>>('workbox-build/build/inject-manifest.js');
  // Written beside and renamed, like every cache file: a stopped build leaves no half worker to reuse.
  const temp = join(options.cacheDir, 'sw', `sw-${key}.${process.pid}.tmp.js`);
  await injectManifest({
    swSrc,
    swDest: temp,
    globDirectory: options.globDir,
    globPatterns: ['assets/**/*.{js,css}', 'offline/index.html', 'es/offline/index.html', 'favicon.svg'],
    globIgnores: ['**/*.br', '**/*.gz'],
    // Directory URLs: /offline/ rather than /offline/index.html.
    modifyURLPrefix: {},
    manifestTransforms: [async (entries) => ({ manifest: entries.map((e) => ({ ...e, url: '/' + e.url.replace(/index\.html$/, '') })), warnings: [] })],
  });
  await rename(temp, cached);
  return { file: cached, bytes: (await stat(cached)).size, fromCache: false };
}

/**
 * sw.js for an output that is not a folder (MemoryOutput): workbox-build reads the precached files
 * from disk, so they are put in a scratch folder of the cache for it to list.
 */
export async function serviceWorkerFor(options: {
  files: readonly OutputFile[];
  cacheDir: string;
  precacheKey: string;
}): Promise<{ file: string; bytes: number; fromCache: boolean }> {
  await mkdir(join(options.cacheDir, 'sw'), { recursive: true });
  const dir = await mkdtemp(join(options.cacheDir, 'sw', 'scratch-'));
  try {
    for (const file of options.files.filter((f) => isPrecached(f.path))) {
      const target = join(dir, file.path);
      await mkdir(dirname(target), { recursive: true });
      await ('linkFrom' in file ? copyFile(file.linkFrom, target) : writeFile(target, 'fillFrom' in file ? await filledData(file) : file.data));
    }
    return await serviceWorkerFile({ globDir: dir, cacheDir: options.cacheDir, precacheKey: options.precacheKey });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
