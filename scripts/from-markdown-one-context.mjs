// An esbuild plugin for compile.mjs. mdast-util-from-markdown (2.1.0, the latest) calls each
// token's handler on a fresh copy of its compile context, `{...context, sliceSerialize}`: one
// object of nine fields per event, two events per token. Its handlers, and those of the GFM and
// directive extensions, only read `this` while they run, and none assigns to it, so the bundle
// sets `sliceSerialize` on the one context and calls every handler on it. Parsing the 1,000-post
// bench's English posts took 3.9 instead of 5.0 ms a post (BENCHMARKS.md, 2026-11-28). A new
// version written otherwise stops the compile, so the patch is never silently stale.
import { readFile } from 'node:fs/promises';

const COPY_PER_EVENT =
  /handler\[events\[index\]\[1\]\.type\]\.call\(\{\n\s*\.\.\.context,\n\s*sliceSerialize: events\[index\]\[2\]\.sliceSerialize\n\s*\}, events\[index\]\[1\]\);/;

export const fromMarkdownOneContext = {
  name: 'from-markdown-one-context',
  setup(build) {
    build.onLoad({ filter: /[\\/]mdast-util-from-markdown[\\/]lib[\\/]index\.js$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      if (!COPY_PER_EVENT.test(text))
        throw new Error(`${path} no longer copies its context per event as scripts/from-markdown-one-context.mjs expects: check the patch is still needed`);
      const patched = text.replace(
        COPY_PER_EVENT,
        'context.sliceSerialize = events[index][2].sliceSerialize;\n        handler[events[index][1].type].call(context, events[index][1]);',
      );
      return { contents: patched, loader: 'js' };
    });
  },
};
