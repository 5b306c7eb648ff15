import { dirname, join, resolve } from 'node:path';
import { cssError } from '../errors/index.ts';
import { contentHash } from '../node/hash.ts';
import { cachedBuild } from './cached-build.ts';

export interface CssAsset {
  /** Public path, content-hashed: `/assets/site.1a2b3c.css`. */
  href: string;
  file: string;
  text: string;
}

/** Bundles and minifies templates/styles/site.css (its @imports included) with esbuild. */
export async function bundleCss(options: { templatesDir: string; cacheDir: string }): Promise<CssAsset> {
  try {
    const result = await cachedBuild({
      cacheDir: options.cacheDir,
      name: 'css',
      build: {
        entryPoints: [join(options.templatesDir, 'styles', 'site.css')],
        absWorkingDir: dirname(resolve(options.templatesDir)),
        bundle: true,
        minify: true,
        outdir: 'out',
        logLevel: 'silent',
        loader: { '.svg': 'dataurl', '.woff2': 'file' },
      },
    });
    const text = result.files.find((f) => f.path.endsWith('.css'))!.text;
    const name = `site.${contentHash(text).slice(0, 10)}.css`;
    return { href: `/assets/${name}`, file: `assets/${name}`, text };
  } catch (error) {
    throw cssError(error);
  }
}
