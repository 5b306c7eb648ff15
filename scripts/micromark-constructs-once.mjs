// An esbuild plugin for compile.mjs. micromark's `parse` (4.0.3, the latest) merges its default
// constructs with every extension's, `combineExtensions`, for each document it parses: 65-77 ms
// per render worker in the 1,000-post bench's cold build. remark-parse hands it the same
// `micromarkExtensions` array for every document of a processor, so the bundle merges each array
// once and keeps the result; the merged constructs are only read while parsing. The parser's own
// per-document state (`defined`, `lazy`) is still made fresh by each call. A new version written
// otherwise stops the compile, so the patch is never silently stale.
import { patchUpstream } from './patch-upstream.mjs';

export const micromarkConstructsOnce = patchUpstream({
  name: 'micromark-constructs-once',
  file: /[\\/]micromark[\\/]lib[\\/]parse\.js$/,
  edits: [
    ['combineExtensions([defaultConstructs, ...(settings.extensions || [])]);', 'constructsOf(settings.extensions);', 'merges its constructs per document'],
    [
      /\nexport function parse\(options\) \{\n/,
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
        'export function parse(options) {',
        '',
      ].join('\n'),
      'defines `export function parse(options) {` once',
    ],
  ],
});
