// An esbuild plugin for compile.mjs: two edits to mdast-util-from-markdown (2.1.0, the latest),
// each measured on the 1,000-post bench (BENCHMARKS.md). A new version written otherwise stops the
// compile, so the patch is never silently stale.
//
// 1. One compile context per document. Upstream calls each token's handler on a fresh copy of it,
//    `{...context, sliceSerialize}`: one object of nine fields per event, two events per token.
//    Its handlers, and those of the GFM and directive extensions, only read `this` while they run,
//    and none assigns to it, so the bundle sets `sliceSerialize` on the one context and calls every
//    handler on it. Parsing took 3.9 instead of 5.0 ms a post (2026-11-28).
// 2. One compiler per set of extensions. Upstream's `fromMarkdown` builds its compiler for every
//    document: a config of ~100 handlers made by `opener`/`closer`, merged with the extensions'
//    handlers by `configure`. That ran 35-40 ms per render worker in a cold build, and V8 found the
//    function hot and optimised it in each worker: 570-715 ms of its compiler thread for one
//    function. The bundle keeps the compiler of each `mdastExtensions` list (the same array for
//    every document a processor parses); the per-document state it held across documents, `data`,
//    is made by each `compile` call instead, so every document still starts from an empty one.
import { patchUpstream } from './patch-upstream.mjs';

export const fromMarkdownReuse = patchUpstream({
  name: 'from-markdown-reuse',
  file: /[\\/]mdast-util-from-markdown[\\/]lib[\\/]index\.js$/,
  // Each statement as 2.1.0 writes it (a RegExp where whitespace varies), and what the bundle has instead.
  edits: [
    [
      /handler\[events\[index\]\[1\]\.type\]\.call\(\{\n\s*\.\.\.context,\n\s*sliceSerialize: events\[index\]\[2\]\.sliceSerialize\n\s*\}, events\[index\]\[1\]\);/,
      'context.sliceSerialize = events[index][2].sliceSerialize;\n        handler[events[index][1].type].call(context, events[index][1]);',
      'copies its context per event',
    ],
    ['return compiler(options)(postprocess(', 'return compilerFor(options)(postprocess(', 'makes a compiler per document in `fromMarkdown`'],
    [
      /\n {2}\/\*\* @type \{CompileData\} \*\/\n {2}const data = \{\};\n {2}return compile;\n/,
      '\n  return compile;\n',
      'keeps `const data = {};` beside `return compile;`',
    ],
    [
      /\n {2}function compile\(events\) \{\n/,
      '\n  function compile(events) {\n    /** @type {CompileData} */\n    const data = {};\n',
      'defines `function compile(events) {` once',
    ],
    [
      /\nfunction compiler\(options\) \{\n/,
      [
        '',
        '/** The compiler of each list of mdast extensions, made once (scripts/from-markdown-reuse.mjs). */',
        'const compilers = new WeakMap();',
        'const noExtensions = [];',
        'function compilerFor(options) {',
        '  const extensions = (options && options.mdastExtensions) || noExtensions;',
        '  let compile = compilers.get(extensions);',
        '  if (!compile) compilers.set(extensions, (compile = compiler(options)));',
        '  return compile;',
        '}',
        'function compiler(options) {',
        '',
      ].join('\n'),
      'defines `function compiler(options) {` once',
    ],
  ],
});
