// Compiles src/ for Node once (npm `prepare`): one bundle for the CLI, one for render workers.
// Most dependencies stay external (see BUNDLED below). Code splitting keeps each
// command's `await import()` a separate file, so `--help` loads only the CLI's skeleton.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { fromMarkdownReuse } from './from-markdown-reuse.mjs';
import { highlightGroupsCounted } from './highlight-groups-counted.mjs';
import { micromarkConstructsOnce } from './micromark-constructs-once.mjs';
import { subtokenizeJumpsInAMap } from './subtokenize-jumps-in-a-map.mjs';
import { visitWithoutNames } from './visit-without-names.mjs';
import { yamlWithoutEsprima } from './yaml-without-esprima.mjs';

const BUNDLED = new Set([
  'unified',
  'remark-parse',
  'remark-gfm',
  'remark-directive',
  'remark-rehype',
  'rehype-slug',
  'rehype-highlight',
  'rehype-raw',
  'rehype-sanitize',
  'rehype-react',
  'hast-util-to-jsx-runtime',
  'hast-util-to-string',
  'unist-util-visit',
  'lowlight',
  'highlight.js',
  'zod',
  'yaml',
  'js-yaml',
  'gray-matter',
  'commander',
]);
const dependencies = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).dependencies);

// Chunk names carry a content hash: old ones would pile up. (A fresh clone has no dist/ yet.)
if (existsSync('dist')) for (const f of readdirSync('dist', { withFileTypes: true })) if (f.name.startsWith('chunk-')) rmSync(`dist/${f.name}`);

const shared = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  // Pure-JavaScript dependencies (unified and its ~300 tiny ESM modules, highlight.js, zod, YAML,
  // commander) are bundled in: resolving and opening each file cost more than parsing a post on
  // every start. Every other dependency (native addons, tools with their own loading, React,
  // anything added later) stays external, loaded from node_modules as usual.
  external: dependencies.filter((d) => !BUNDLED.has(d)).flatMap((d) => [d, `${d}/*`]),
  sourcemap: 'linked',
  jsx: 'automatic',
  plugins: [visitWithoutNames, yamlWithoutEsprima, fromMarkdownReuse, micromarkConstructsOnce, subtokenizeJumpsInAMap, highlightGroupsCounted],
  logLevel: 'warning',
};

await build({
  ...shared,
  entryPoints: {
    cli: 'src/cli/index.ts',
    'cli-api': 'src/cli/api.ts',
    'render-worker': 'src/render/render-worker.ts',
    'watch-worker': 'src/dev/watch-worker.ts',
  },
  outdir: 'dist',
  format: 'esm',
  splitting: true,
  // Beside the entries, so the render pool and the watcher find their workers from whichever chunk they are in.
  chunkNames: 'chunk-[hash]',
  // Bundled CommonJS (gray-matter, js-yaml's users) still calls require() for Node's modules.
  banner: { js: "import { createRequire as __agencyRequire } from 'node:module'; const require = __agencyRequire(import.meta.url);" },
});

// `build`'s pipeline once more, as one CommonJS file: V8 keeps a code cache only for scripts, and
// compiling the pipeline's 2.5 MB was ~120 ms of a one-post build (cli/code-cache.ts). Its
// import.meta.url is its own file's, in dist/ like the chunks, so workers and packageRoot resolve alike.
await build({
  ...shared,
  entryPoints: { 'build-entry': 'src/cli/build-entry.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  define: { 'import.meta.url': '__agencySiteUrl' },
  banner: { js: "const __agencySiteUrl = require('node:url').pathToFileURL(__filename).href;" },
});
