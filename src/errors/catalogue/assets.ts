import { defineError } from '../define-error.ts';
import { esbuildFirstError } from '../locate.ts';
import { SiteError } from '../site-error.ts';

// ── assets: the browser bundle and the stylesheet ──

const ClientBundleError = defineError({
  name: 'ClientBundleError',
  stage: 'assets',
  title: 'The browser bundle does not build',
  when: 'esbuild cannot bundle the browser code: the interactive templates and src/client/.',
  hint: 'Fix the file esbuild names; the message above comes from esbuild.',
});

export function clientBundleError(error: unknown): SiteError {
  return ClientBundleError({ ...esbuildFirstError(error), cause: error });
}

const CssError = defineError({
  name: 'CssError',
  stage: 'assets',
  title: 'The stylesheet does not build',
  when: "esbuild cannot bundle the site's CSS, or warns about it: a syntax error (an unclosed brace, a stray character), or an @import or url() that does not resolve.",
  hint: 'Fix the stylesheet at the place esbuild names; the message above comes from esbuild.',
});

/** `fileOf` shows esbuild's paths (relative to the project) as the other errors show theirs. */
export function cssError(error: unknown, fileOf?: (file: string) => string): SiteError {
  return CssError({ ...esbuildFirstError(error, fileOf), cause: error });
}
