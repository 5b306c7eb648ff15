// An esbuild plugin for compile.mjs. highlight.js (11.11.2, the latest) compiles a language on its
// first use, and counts the capture groups of each of its regular expressions by building a new
// RegExp from it and running that on an empty string: for the JavaScript grammar that was 19 ms of
// a one-post `build` (every new process compiles the grammars its posts use again), and the same
// in each render worker of a cold build. The bundle counts them by reading the expression's
// source instead: a `(` that is not escaped, not inside a character class, and not followed by
// `?` (but `(?<name>` captures), exactly what the engine counts. The patch test compares both
// counts on every expression of every grammar lowlight knows. A new version written otherwise
// stops the compile, so the patch is never silently stale.
import { patchUpstream } from './patch-upstream.mjs';

const COUNT_BY_RUNNING = "function countMatchGroups(re) {\n  return (new RegExp(re.toString() + '|')).exec('').length - 1;\n}";

/** The function the bundle has instead; exported for the patch test. */
export const COUNT_BY_READING = `function countMatchGroups(re) {
  const text = typeof re === 'string' ? re : re.source;
  let groups = 0;
  let inClass = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++; // a backslash escapes the next character
    else if (inClass) inClass = c !== 93; // until the first unescaped ]
    else if (c === 91) inClass = true;
    else if (c === 40 && (text.charCodeAt(i + 1) !== 63 || (text.charCodeAt(i + 2) === 60 && text[i + 3] !== '=' && text[i + 3] !== '!'))) groups++;
  }
  return groups;
}`;

export const highlightGroupsCounted = patchUpstream({
  name: 'highlight-groups-counted',
  file: /[\\/]highlight\.js[\\/]lib[\\/]core\.js$/,
  edits: [[COUNT_BY_RUNNING, COUNT_BY_READING, 'counts match groups by running a RegExp']],
});
