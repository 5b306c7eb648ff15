// Build benchmark: a synthetic site with N posts per locale (~600 words each, headings, lists,
// code blocks, links), built cold (empty cache, no out/) and warm (nothing changed), in a child
// process each so peak RSS is the build's own. Usage: npm run bench [-- 1000 5000]
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const makeOnly = process.argv.includes('--make-only');
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const counts = sizes.length ? sizes : [1000, 5000];

const words = 'service worker cache request response latency deploy bucket header token session cursor index query render hydrate component state effect bundle module runtime promise stream buffer event loop thread queue retry timeout'.split(' ');
function sentence(seed, n = 14) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(words[(seed * 7 + i * 13) % words.length]);
  out[0] = out[0][0].toUpperCase() + out[0].slice(1);
  return out.join(' ') + '.';
}
function post(i, locale) {
  const paragraphs = [];
  for (let s = 0; s < 6; s++) {
    paragraphs.push(`## Section ${s + 1} of post ${i}\n`);
    paragraphs.push(`${sentence(i + s)} ${sentence(i + s + 1)} ${sentence(i + s + 2)} See [the docs](https://nodejs.org/api/) and [another post](/blog/post-${(i + 1) % 50}/).\n`);
    paragraphs.push(`- ${sentence(i + s + 3, 8)}\n- ${sentence(i + s + 4, 8)}\n- \`inline ${s}\` ${sentence(i + s + 5, 6)}\n`);
    if (s % 2 === 0) paragraphs.push('```js\nexport async function handler(request) {\n  const started = performance.now();\n  const body = await request.json();\n  return { status: 200, body, ms: performance.now() - started };\n}\n```\n');
    paragraphs.push(`${sentence(i + s + 6, 18)} ${sentence(i + s + 7, 16)}\n`);
  }
  return `---\ntitle: "Synthetic post ${i} (${locale})"\ndescription: "A generated article used to measure build speed, number ${i}."\ndate: 2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}\ntags: [bench, t${i % 10}]\ntranslationKey: post-${i}\n---\n\n${paragraphs.join('\n')}`;
}

function makeSite(n) {
  const dir = `/tmp/agency-site-bench-${n}`;
  rmSync(dir, { recursive: true, force: true });
  for (const part of ['templates', 'locales']) cpSync(join(root, part), join(dir, part), { recursive: true });
  for (const part of ['site.yaml', 'constants.yaml', 'navigation.yaml', 'pages', 'collections', 'legal', 'static', 'images']) cpSync(join(root, 'site', part), join(dir, 'site', part), { recursive: true });
  // Social cards (one drawn PNG per page) are an image cost, measured by scripts/bench-images.mjs;
  // this benchmark measures the page pipeline, so they are off here.
  const siteYaml = join(dir, 'site/site.yaml');
  writeFileSync(siteYaml, readFileSync(siteYaml, 'utf8').replace('socialCards: true', 'socialCards: false'));
  for (const locale of ['en', 'es']) {
    mkdirSync(join(dir, 'site/blog', locale), { recursive: true });
    for (let i = 0; i < n; i++) writeFileSync(join(dir, 'site/blog', locale, `post-${i}.md`), post(i, locale));
  }
  return dir;
}

function build(dir) {
  const script = `
    const { buildSite } = await import(${JSON.stringify(join(root, 'dist/cli-api.js'))});
    const started = performance.now();
    const report = await buildSite({ siteDir: ${JSON.stringify(join(dir, 'site'))}, outDir: ${JSON.stringify(join(dir, 'out'))} });
    const ms = performance.now() - started;
    console.log(JSON.stringify({ ms, pages: report.pages, rendered: report.rendered, stages: report.stages, maxRssMb: process.resourceUsage().maxRSS / 1024 }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 1 << 26 }));
}

if (makeOnly) {
  for (const n of counts) console.log(makeSite(n));
  process.exit(0);
}
console.log(`machine: ${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
console.log('| posts per locale | pages | run | time (s) | pages/s | ms/page | peak RSS (MiB) |');
console.log('|---:|---:|---|---:|---:|---:|---:|');
for (const n of counts) {
  const dir = makeSite(n);
  const cold = build(dir);
  const warm = build(dir);
  for (const [name, r] of [['cold', cold], ['warm', warm]]) {
    console.log(`| ${n} | ${r.pages} | ${name} (${r.rendered} rendered) | ${(r.ms / 1000).toFixed(2)} | ${Math.round(r.pages / (r.ms / 1000))} | ${(r.ms / r.pages).toFixed(2)} | ${Math.round(r.maxRssMb)} |`);
  }
  console.log(`<!-- stages cold: ${cold.stages.map((s) => `${s.name} ${Math.round(s.ms)}`).join(', ')}; warm: ${warm.stages.map((s) => `${s.name} ${Math.round(s.ms)}`).join(', ')} -->`);
  rmSync(dir, { recursive: true, force: true });
}
