import { build } from 'esbuild';
import { join } from 'node:path';
import { SiteError } from '../errors/index.ts';
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
    const first = (error as { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } }> }).errors?.[0];
    throw new SiteError({
      name: 'CssError',
      title: 'The stylesheet does not build',
      message: first?.text ?? String(error),
      ...(first?.location ? { location: { file: first.location.file, line: first.location.line, column: first.location.column + 1 } } : {}),
      cause: error,
    });
  }
}
