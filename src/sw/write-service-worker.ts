import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { contentHash } from '../shared/hash.ts';
import { packageRoot } from '../shared/package-root.ts';

let bundled: Promise<string> | undefined;

/** The worker's code, bundled once per process (it depends only on src/sw and workbox). */
function bundleWorker(cacheDir: string): Promise<string> {
  bundled ??= (async () => {
    const result = await build({
      entryPoints: [join(packageRoot(), 'src/sw/sw-source.ts')],
      bundle: true,
      format: 'iife',
      minify: true,
      write: false,
      target: ['es2020'],
      define: { 'process.env.NODE_ENV': '"production"' },
      nodePaths: [join(packageRoot(), 'node_modules')],
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.text;
    const file = join(cacheDir, 'sw', `sw-src-${contentHash(code)}.js`);
    await mkdir(join(cacheDir, 'sw'), { recursive: true });
    await writeFile(file, code);
    return file;
  })();
  return bundled;
}

/**
 * Writes sw.js into the folder being published: workbox-build's injectManifest lists the hashed
 * runtime, CSS and the offline pages with their revisions.
 */
export async function writeServiceWorker(options: { outDir: string; cacheDir: string }): Promise<{ count: number; size: number }> {
  const swSrc = await bundleWorker(options.cacheDir);
  const result = await injectManifest({
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
  return { count: result.count, size: result.size };
}
