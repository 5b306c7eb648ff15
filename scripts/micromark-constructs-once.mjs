// An esbuild plugin for compile.mjs. micromark's `parse` (4.0.3, the latest) merges its default
// constructs with every extension's, `combineExtensions`, for each document it parses: 65-77 ms
// per render worker in the 1,000-post bench's cold build. remark-parse hands it the same
// `micromarkExtensions` array for every document of a processor, so the bundle merges each array
// once and keeps the result; the merged constructs are only read while parsing. The parser's own
// per-document state (`defined`, `lazy`) is still made fresh by each call. A new version written
// otherwise stops the compile, so the patch is never silently stale.
import { readFile } from 'node:fs/promises';

const MERGE_PER_DOCUMENT = 'combineExtensions([defaultConstructs, ...(settings.extensions || [])]);';

export const micromarkConstructsOnce = {
  name: 'micromark-constructs-once',
  setup(build) {
    build.onLoad({ filter: /[\\/]micromark[\\/]lib[\\/]parse\.js$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      if (text.split(MERGE_PER_DOCUMENT).length !== 2)
        throw new Error(
          `${path} no longer merges its constructs per document as scripts/micromark-constructs-once.mjs expects: check the patch is still needed`,
        );
      const patched = text
        .replace(MERGE_PER_DOCUMENT, 'constructsOf(settings.extensions);')
        .concat(
          [
            '',
            '/** Default constructs merged with each extension list once (scripts/micromark-constructs-once.mjs). */',
            'const combined = new WeakMap();',
            'function constructsOf(extensions) {',
            '  if (!extensions) return combineExtensions([defaultConstructs]);',
            '  let constructs = combined.get(extensions);',
            '  if (!constructs) combined.set(extensions, (constructs = combineExtensions([defaultConstructs, ...extensions])));',
            '  return constructs;',
            '}',
            '',
          ].join('\n'),
        );
      return { contents: patched, loader: 'js' };
    });
  },
};
