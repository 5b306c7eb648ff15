// An esbuild plugin for compile.mjs. gray-matter bundles js-yaml 3, whose `!!js/function` type
// requires esprima when the module loads (11-14 ms of every build's start, a warm build's too).
// That type belongs to js-yaml's full schema only; gray-matter parses front matter with
// `safeLoad`, whose schema has no JavaScript types, so the bundle never loads esprima: without
// it the type resolves nothing, as js-yaml's own browser build does. A new version that requires
// it otherwise stops the compile, so the patch is never silently stale.
import { patchUpstream } from './patch-upstream.mjs';

const REQUIRE = /esprima = _require\('esprima'\);/;

export const yamlWithoutEsprima = patchUpstream({
  name: 'yaml-without-esprima',
  file: /[\\/]js-yaml[\\/]lib[\\/]js-yaml[\\/]type[\\/]js[\\/]function\.js$/,
  edits: [[REQUIRE, 'esprima = undefined;', 'requires esprima']],
});
