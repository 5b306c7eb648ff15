// Compiles src/ for Node once (npm `prepare`): one bundle for the CLI, one for render workers.
// Dependencies stay external so they load from node_modules as usual.
import { build } from 'esbuild';

await build({
  entryPoints: { cli: 'src/cli/index.ts', 'cli-api': 'src/cli/api.ts', 'render-worker': 'src/render/render-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  jsx: 'automatic',
  logLevel: 'warning',
});
