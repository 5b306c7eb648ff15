// Image benchmarks (issue "Images"): 200 synthetic photos through the image stage, cold (empty
// cache) and warm; then the sample site's full build cold and warm, social cards included.
// Usage: node scripts/bench-images.mjs [count=200]   (after npm install / npm run compile)

import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const root = new URL('..', import.meta.url).pathname;
const { buildSite, processImages } = await import(join(root, 'dist/cli-api.js'));
const count = Number(process.argv[2] ?? 200);
const dir = '/tmp/agency-site-bench-images';
rmSync(dir, { recursive: true, force: true });
mkdirSync(join(dir, 'site/images'), { recursive: true });

// Photo-like sources: a gradient scene with grain, 2400×1600 JPEG at quality 90 (about what a camera export weighs).
for (let i = 0; i < count; i++) {
  const hue = (i * 37) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 80) % 360},50%,25%)"/></linearGradient></defs><rect width="2400" height="1600" fill="url(#g)"/><circle cx="${600 + (i % 7) * 180}" cy="${500 + (i % 5) * 120}" r="${220 + (i % 4) * 60}" fill="hsl(${(hue + 180) % 360},70%,70%)" opacity="0.7"/></svg>`;
  const grain = await sharp({ create: { width: 2400, height: 1600, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 22 } } })
    .png()
    .toBuffer();
  await sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toFile(join(dir, 'site/images', `photo-${String(i).padStart(3, '0')}.jpg`));
}

const settings = { contentMaxWidth: 650, wideMaxWidth: 1170, quality: 80 };
const time = async (fn) => {
  const s = performance.now();
  const r = await fn();
  return [performance.now() - s, r];
};
const [coldMs, cold] = await time(() => processImages({ siteDir: join(dir, 'site'), cacheDir: join(dir, '.cache'), settings }));
const [warmMs, warm] = await time(() => processImages({ siteDir: join(dir, 'site'), cacheDir: join(dir, '.cache'), settings }));
const mb = (b) => (b / 1024 / 1024).toFixed(1);
console.log(
  `${count} photos (2400×1600 JPEG q90, ${mb(cold.sourceBytes)} MB): cold ${(coldMs / 1000).toFixed(1)} s = ${(count / (coldMs / 1000)).toFixed(1)} images/s (${cold.processed} processed); warm ${warmMs.toFixed(0)} ms (${warm.fromCache} from cache) = ${((warmMs / coldMs) * 100).toFixed(2)} % of cold`,
);
const perFormat = { avif: 0, webp: 0, jpg: 0 };
for (const f of cold.files) perFormat[f.path.split('.').pop()] += f.bytes;
const largest = cold.files.filter((f) => f.path.endsWith('.1170.avif')).reduce((s, f) => s + f.bytes, 0);
console.log(
  `bytes: originals ${mb(cold.sourceBytes)} MB; all variants avif ${mb(perFormat.avif)} MB, webp ${mb(perFormat.webp)} MB, jpeg ${mb(perFormat.jpg)} MB; the 1170 px AVIF a wide screen downloads: ${mb(largest)} MB (${((1 - largest / cold.sourceBytes) * 100).toFixed(1)} % less than the originals)`,
);

// The sample site with its images and social cards, in a fresh copy.
const site = join(dir, 'sample');
for (const part of ['site', 'templates', 'locales']) cpSync(join(root, part), join(site, part), { recursive: true });
const [siteCold, reportCold] = await time(() => buildSite({ siteDir: join(site, 'site'), outDir: join(site, 'out') }));
const [siteWarm, reportWarm] = await time(() => buildSite({ siteDir: join(site, 'site'), outDir: join(site, 'out') }));
const stage = (r, name) => Math.round(r.stages.find((s) => s.name === name)?.ms ?? 0);
console.log(
  `sample site (${reportCold.pages} pages, ${reportCold.images.processed} images, ${reportCold.images.socialCards} social cards): cold ${(siteCold / 1000).toFixed(1)} s (social cards ${stage(reportCold, 'social cards')} ms); warm ${(siteWarm / 1000).toFixed(2)} s (${reportWarm.images.processed} images processed, ${reportWarm.images.socialCards} cards drawn)`,
);
rmSync(dir, { recursive: true, force: true });
