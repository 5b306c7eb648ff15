import { dirname, join, resolve } from 'node:path';
import { cssError } from '../errors/index.ts';
import { displayPath } from '../node/display-path.ts';
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
  const root = dirname(resolve(options.templatesDir));
  const shown = (file: string) => displayPath(resolve(root, file));
  let result;
  try {
    result = await cachedBuild({
      cacheDir: options.cacheDir,
      name: 'css',
      // Results cached before warnings were kept would hide a syntax error.
      key: 'with-warnings',
      build: {
        entryPoints: [join(options.templatesDir, 'styles', 'site.css')],
        absWorkingDir: root,
        bundle: true,
        minify: true,
        outdir: 'out',
        logLevel: 'silent',
        loader: { '.svg': 'dataurl', '.woff2': 'file' },
      },
    });
  } catch (error) {
    throw cssError(error, shown);
  }
  // esbuild only warns about broken CSS ("Expected "}" to go with "{"") and drops the rules after
  // it: browsers would lose them silently, so the build stops at the place instead.
  const warnings = result.warnings ?? [];
  if (warnings.length) throw cssError(Object.assign(new Error(`esbuild warned: ${warnings[0]!.text}`), { errors: warnings }), shown);
  const text = result.files.find((f) => f.path.endsWith('.css'))!.text;
  const name = `site.${contentHash(text).slice(0, 10)}.css`;
  return { href: `/assets/${name}`, file: `assets/${name}`, text };
}
