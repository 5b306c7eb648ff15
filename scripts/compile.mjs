// Compiles src/ for Node once (npm `prepare`): one bundle for the CLI, one for render workers.
// Dependencies stay external so they load from node_modules as usual. Code splitting keeps each
// command's `await import()` a separate file, so `--help` loads only the CLI's skeleton.
import { readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

// Chunk names carry a content hash: old ones would pile up.
for (const f of readdirSync('dist', { withFileTypes: true })) if (f.name.startsWith('chunk-')) rmSync(`dist/${f.name}`);

await build({
  entryPoints: { cli: 'src/cli/index.ts', 'cli-api': 'src/cli/api.ts', 'render-worker': 'src/render/render-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  splitting: true,
  // Beside the entries, so the render pool finds ./render-worker.js from whichever chunk it is in.
  chunkNames: 'chunk-[hash]',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  jsx: 'automatic',
  logLevel: 'warning',
});
