import { copyFile, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { OutputFile } from './build-manifest.ts';
import { contentHash } from '../node/hash.ts';
import { packageRoot } from '../node/package-root.ts';

let bundled: Promise<string> | undefined;

// The worker (src/sw, bundled for the browser) and the URL layout it imports: both are in its cache key.
const WORKER_SOURCES = ['src/sw/sw-source.ts', 'src/shared/site-urls.ts'];

/** The worker's code, bundled once per process (it depends only on src/sw, src/shared and workbox), as a file in this cache. */
async function bundleWorker(cacheDir: string): Promise<string> {
  bundled ??= (async () => {
    const { build } = await import('esbuild');
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
  if (path.endsWith('.br') || path.endsWith('.gz')) return false;
  return (path.startsWith('assets/') && /\.(js|css)$/.test(path)) || ['offline/index.html', 'es/offline/index.html', 'favicon.svg'].includes(path);
}

/**
 * Writes sw.js into the folder being published: workbox-build's injectManifest lists the hashed
 * runtime, CSS and the offline pages with their revisions. The result is kept in the cache under
 * `precacheKey` (the content keys of the precached files and the worker's sources), so a build
 * that changed none of them copies it instead of loading esbuild and workbox-build (≈ 0.5 s).
 */
export async function writeServiceWorker(options: { outDir: string; cacheDir: string; precacheKey: string }): Promise<{ fromCache: boolean }> {
  // The worker's source and the workbox versions it bundles are part of the key too.
  const versions = await Promise.all(['workbox-build', 'workbox-precaching'].map((p) => readFile(join(packageRoot(), 'node_modules', p, 'package.json'), 'utf8').catch(() => p)));
  const sources = await Promise.all(WORKER_SOURCES.map((f) => readFile(join(packageRoot(), f))));
  const key = contentHash('sw-v1', options.precacheKey, ...sources, ...versions);
  const cached = join(options.cacheDir, 'sw', `sw-${key}.js`);
  const dest = join(options.outDir, 'sw.js');
  try {
    // Beside and renamed: under serve --watch, out/ is being served while this runs.
    await copyFile(cached, `${dest}.tmp`);
    await rename(`${dest}.tmp`, dest);
    return { fromCache: true };
  } catch {
    // Not cached yet: generated below.
  }
  const swSrc = await bundleWorker(options.cacheDir);
  const { injectManifest } = await import('workbox-build');
  await injectManifest({
    swSrc,
    swDest: join(options.outDir, 'sw.js'),
    globDirectory: options.outDir,
    globPatterns: ['assets/**/*.{js,css}', 'offline/index.html', 'es/offline/index.html', 'favicon.svg'],
    globIgnores: ['**/*.br', '**/*.gz'],
    // Directory URLs: /offline/ rather than /offline/index.html.
    modifyURLPrefix: {},
    manifestTransforms: [
      async (entries) => ({ manifest: entries.map((e) => ({ ...e, url: '/' + e.url.replace(/index\.html$/, '') })), warnings: [] }),
    ],
  });
  await mkdir(join(options.cacheDir, 'sw'), { recursive: true });
  await writeFile(`${cached}.tmp`, await readFile(dest));
  await rename(`${cached}.tmp`, cached);
  return { fromCache: false };
}

/**
 * sw.js for an output that is not a folder (MemoryOutput): workbox-build reads the precached files
 * from disk, so they are put in a scratch folder of the cache, and sw.js is read back from it.
 */
export async function serviceWorkerFor(options: { files: readonly OutputFile[]; cacheDir: string; precacheKey: string }): Promise<Buffer> {
  await mkdir(join(options.cacheDir, 'sw'), { recursive: true });
  const dir = await mkdtemp(join(options.cacheDir, 'sw', 'scratch-'));
  try {
    for (const file of options.files.filter((f) => isPrecached(f.path))) {
      const target = join(dir, file.path);
      await mkdir(dirname(target), { recursive: true });
      await ('linkFrom' in file ? copyFile(file.linkFrom, target) : writeFile(target, file.data));
    }
    await writeServiceWorker({ outDir: dir, cacheDir: options.cacheDir, precacheKey: options.precacheKey });
    return await readFile(join(dir, 'sw.js'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
