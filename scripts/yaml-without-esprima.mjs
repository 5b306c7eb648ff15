// An esbuild plugin for compile.mjs. gray-matter bundles js-yaml 3, whose `!!js/function` type
// requires esprima when the module loads (11-14 ms of every build's start, a warm build's too).
// That type belongs to js-yaml's full schema only; gray-matter parses front matter with
// `safeLoad`, whose schema has no JavaScript types, so the bundle never loads esprima: without
// it the type resolves nothing, as js-yaml's own browser build does. A new version that requires
// it otherwise stops the compile, so the patch is never silently stale.
import { readFile } from 'node:fs/promises';

const REQUIRE = /esprima = _require\('esprima'\);/;

export const yamlWithoutEsprima = {
  name: 'yaml-without-esprima',
  setup(build) {
    build.onLoad({ filter: /[\\/]js-yaml[\\/]lib[\\/]js-yaml[\\/]type[\\/]js[\\/]function\.js$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      if (!REQUIRE.test(text))
        throw new Error(`${path} no longer requires esprima as scripts/yaml-without-esprima.mjs expects: check the patch is still needed`);
      return { contents: text.replace(REQUIRE, 'esprima = undefined;'), loader: 'js' };
    });
  },
};
