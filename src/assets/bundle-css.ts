import { build } from 'esbuild';
import { join } from 'node:path';
import { cssError } from '../errors/index.ts';
import { contentHash } from '../shared/hash.ts';

export interface CssAsset {
  /** Public path, content-hashed: `/assets/site.1a2b3c.css`. */
  href: string;
  file: string;
  text: string;
}

/** Bundles and minifies templates/styles/site.css (its @imports included) with esbuild. */
export async function bundleCss(options: { templatesDir: string }): Promise<CssAsset> {
  try {
    const result = await build({
      entryPoints: [join(options.templatesDir, 'styles', 'site.css')],
      bundle: true,
      minify: true,
      write: false,
      outdir: 'out',
      logLevel: 'silent',
      loader: { '.svg': 'dataurl', '.woff2': 'file' },
    });
    const text = result.outputFiles.find((f) => f.path.endsWith('.css'))!.text;
    const name = `site.${contentHash(text).slice(0, 10)}.css`;
    return { href: `/assets/${name}`, file: `assets/${name}`, text };
  } catch (error) {
    throw cssError(error);
  }
}
