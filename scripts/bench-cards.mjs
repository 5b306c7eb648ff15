// Social cards: CPU per card (user + system of the whole process, sharp's threads included) for N
// cards with distinct titles, drawn into an empty cache as a cold build draws them (the glyph atlas
// once, then every card). Usage: node scripts/bench-cards.mjs [N] [--dist path/to/dist]  (needs `npm run compile`)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const distAt = process.argv.indexOf('--dist');
const dist = distAt > 0 ? process.argv[distAt + 1] : join(root, 'dist');
const n = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 1000);
const api = await import(join(dist, 'cli-api.js'));
// Earlier versions drew the design from code; this one reads templates/social-card.svg.
const design = api.readSocialCardDesign ? await api.readSocialCardDesign(join(root, 'templates')) : undefined;
const topics = ['React Server Components', 'pagination con cursores', 'S3 and CloudFront', 'autenticación con tokens', 'testing in Vitest', 'Node.js streams'];
const jobs = Array.from({ length: n }, (_, i) => ({
  title: i % 2 ? `Cómo resolvimos ${topics[i % topics.length]} en el proyecto ${i}` : `What we learned about ${topics[i % topics.length]}, part ${i}`,
  label: i % 2 ? 'Blog' : 'Blog (EN)',
}));
const cacheDir = mkdtempSync(join(tmpdir(), 'agency-site-bench-cards-'));
// sharp and the backgrounds loaded before the clock starts, as in a build that has drawn one card.
await api.renderOgImages({ jobs: [{ title: 'Warm-up', label: 'Warm-up' }], design, siteName: 'Southbridge Dev', cacheDir });
const cpu = process.cpuUsage();
const started = performance.now();
const { rendered } = await api.renderOgImages({ jobs, design, siteName: 'Southbridge Dev', cacheDir });
const used = process.cpuUsage(cpu);
const wall = performance.now() - started;
rmSync(cacheDir, { recursive: true, force: true });
console.log(
  `${rendered} cards: ${((used.user + used.system) / 1000 / rendered).toFixed(2)} ms CPU each (user ${(used.user / 1000 / rendered).toFixed(2)}, system ${(used.system / 1000 / rendered).toFixed(2)}), ${(wall / rendered).toFixed(2)} ms wall each, ${(wall / 1000).toFixed(1)} s in all`,
);
