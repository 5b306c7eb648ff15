// The cache sweep in a watch session: N posts per locale, a cold build, then template saves
// (templates/pages/blog-post.tsx), each followed by a pause until the sweep reports; prints each
// save's rebuild, what its sweep removed and took, and what .cache/ holds after it.
// Usage: node scripts/bench-sweep.mjs [posts per locale, 2000] [saves, 3]   (needs `npm run compile`)
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const [n = '2000', saves = '3'] = process.argv.slice(2);
const site = execFileSync(process.execPath, [join(root, 'scripts/bench.mjs'), n, '--make-only'], { encoding: 'utf8' }).trim();
const api = await import(join(root, 'dist/cli-api.js'));

/** Files and megabytes under .cache/. */
function cacheSize() {
  let files = 0;
  let bytes = 0;
  for (const rel of readdirSync(join(site, '.cache'), { recursive: true })) {
    const stats = statSync(join(site, '.cache', rel));
    if (stats.isFile()) [files, bytes] = [files + 1, bytes + stats.size];
  }
  return `${files} files, ${(bytes / 1e6).toFixed(0)} MB`;
}

let swept;
const session = api.createBuildSession(
  { siteDir: join(site, 'site'), outDir: join(site, 'out'), cacheDir: join(site, '.cache') },
  { onSwept: (result) => swept?.(result) },
);
let started = performance.now();
await session.build();
console.log(`${n} posts per locale, cold build ${(performance.now() - started).toFixed(0)} ms; .cache/: ${cacheSize()}`);
const template = join(site, 'templates/pages/blog-post.tsx');
const original = readFileSync(template, 'utf8');
for (let i = 1; i <= Number(saves); i++) {
  writeFileSync(template, original.replace('<header className="page-header">', `<header className="page-header edit-${i}">`));
  started = performance.now();
  const report = await session.build([template]);
  const rebuilt = performance.now() - started;
  // The session sweeps once the saves pause for a second; a minute is far more than it needs.
  const result = await Promise.race([new Promise((resolve) => (swept = resolve)), new Promise((resolve) => setTimeout(resolve, 60_000))]);
  const sweep = result ? `${result.files} files, ${(result.bytes / 1e6).toFixed(0)} MB in ${result.ms.toFixed(0)} ms` : 'none';
  console.log(`save ${i}: rebuilt in ${rebuilt.toFixed(0)} ms (${report.rendered} pages rendered); swept ${sweep}; .cache/: ${cacheSize()}`);
}
session.flush();
process.exit(0);
