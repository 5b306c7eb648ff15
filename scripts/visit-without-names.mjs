// An esbuild plugin for compile.mjs. unist-util-visit-parents (6.1.0, the latest) names every
// visitor function it makes after its node, for stack traces: one Object.defineProperty per node
// of every tree each plugin walks. In a render worker that was ~6 % of a cold build's CPU
// (`factory` and V8's "set natives" beneath it, BENCHMARKS.md). The bundle drops that statement;
// the walk is unchanged. A new version without it, or with it written otherwise, stops the compile,
// so the patch is never silently stale.
import { patchUpstream } from './patch-upstream.mjs';

const NAMING =
  /\n\s*Object\.defineProperty\(visit, 'name', \{\n\s*value:\n\s*'node \(' \+ color\(node\.type \+ \(name \? '<' \+ name \+ '>' : ''\)\) \+ '\)'\n\s*\}\)\n/;

export const visitWithoutNames = patchUpstream({
  name: 'visit-without-names',
  file: /[\\/]unist-util-visit-parents[\\/]lib[\\/]index\.js$/,
  edits: [[NAMING, '\n', 'names its visitors']],
});
