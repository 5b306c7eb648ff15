// An esbuild plugin for compile.mjs. micromark-util-subtokenize (2.1.0, the latest) records where
// each paragraph's inline events end as integer keys of a plain object, merges every paragraph's
// record into it with Object.assign, and tests `index in jumps` at every event. An object keyed by
// integers falls back to V8's slow elements, and Object.assign over them was 5-8 % of parsing a
// post. The bundle keeps the same record in a Map that `subcontent` fills directly: the same
// keys, set in the same order, so the same jumps. Parsing the 1,000-post bench's English posts
// took 3.6 instead of 4.2 ms a post (BENCHMARKS.md, 2026-11-28). A new version written otherwise
// stops the compile, so the patch is never silently stale.
import { patchUpstream } from './patch-upstream.mjs';

export const subtokenizeJumpsInAMap = patchUpstream({
  name: 'subtokenize-jumps-in-a-map',
  file: /[\\/]micromark-util-subtokenize[\\/]index\.js$/,
  // Each statement as 2.1.0 writes it, and what the bundle has instead.
  edits: [
    ['const jumps = {};', 'const jumps = new Map();', 'has `const jumps = {};` once'],
    [
      'while (index in jumps) {\n      index = jumps[index];',
      'while (jumps.has(index)) {\n      index = jumps.get(index);',
      'has `while (index in jumps) {` once',
    ],
    [
      'Object.assign(jumps, subcontent(events, index));\n        index = jumps[index];',
      'subcontent(events, index, jumps);\n        index = jumps.get(index);',
      'has `Object.assign(jumps, subcontent(events, index));` once',
    ],
    ['function subcontent(events, eventIndex) {', 'function subcontent(events, eventIndex, gaps) {', 'has `function subcontent(events, eventIndex) {` once'],
    ['  const gaps = {};\n', '', 'has `  const gaps = {};` once'],
    [
      'gaps[adjust + jumps[index][0]] = adjust + jumps[index][1];',
      'gaps.set(adjust + jumps[index][0], adjust + jumps[index][1]);',
      'has `gaps[adjust + jumps[index][0]] = adjust + jumps[index][1];` once',
    ],
    ['  return gaps;\n}', '}', 'has `  return gaps;` once'],
  ],
});
