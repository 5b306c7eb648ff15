// Draws the site's raster images (no external images): an illustration of Buenos Aires at dusk
// and the event-loop diagram used by the Node.js articles. Run once; the results live in site/images.
import sharp from 'sharp';

const W = 2400,
  H = 1350;
let buildings = '';
let x = 0,
  seed = 7;
const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
while (x < W) {
  const w = 60 + rand() * 110,
    h = 180 + rand() * 420;
  buildings += `<rect x="${x.toFixed(0)}" y="${(H - 260 - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="#13243b"/>`;
  for (let wy = H - 240 - h; wy < H - 280; wy += 34)
    for (let wx = x + 12; wx < x + w - 14; wx += 26)
      if (rand() > 0.55)
        buildings += `<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="12" height="16" fill="#f6c453" opacity="${(0.5 + rand() * 0.5).toFixed(2)}"/>`;
  x += w + 8;
}
const dusk = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d3557"/><stop offset="0.55" stop-color="#e76f51"/><stop offset="0.8" stop-color="#f4a261"/></linearGradient>
<linearGradient id="river" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#355070"/><stop offset="1" stop-color="#0f1b2d"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/><circle cx="1750" cy="700" r="120" fill="#ffd166" opacity="0.9"/>
${buildings}
<rect y="${H - 260}" width="${W}" height="260" fill="url(#river)"/>
<path d="M700 ${H - 262} L1180 ${H - 262}" stroke="#e9ecef" stroke-width="14"/><path d="M900 ${H - 262} L1010 ${H - 620}" stroke="#e9ecef" stroke-width="16"/>
${Array.from({ length: 9 }, (_, i) => `<path d="M1010 ${H - 620} L${740 + i * 50} ${H - 262}" stroke="#e9ecef" stroke-width="3"/>`).join('')}
</svg>`;
const noise = await sharp({ create: { width: W, height: H, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 18 } } })
  .png()
  .toBuffer();
await sharp(Buffer.from(dusk))
  .composite([{ input: noise, blend: 'soft-light' }])
  .jpeg({ quality: 92 })
  .toFile('site/images/buenos-aires-at-dusk.jpg');

const phases = ['timers', 'pending callbacks', 'poll', 'check', 'close callbacks'];
const diagram = `<svg xmlns="http://www.w3.org/2000/svg" width="1300" height="560">
<rect width="1300" height="560" fill="#ffffff"/>
${phases.map((p, i) => `<g><rect x="${30 + i * 250}" y="200" width="220" height="110" rx="18" fill="${i === 2 ? '#f6b40e' : '#0f1b2d'}"/><text x="${140 + i * 250}" y="262" text-anchor="middle" font-family="DejaVu Sans" font-weight="700" font-size="21" fill="${i === 2 ? '#0f1b2d' : '#ffffff'}">${p}</text>${i < 4 ? `<path d="M${252 + i * 250} 255 h20" stroke="#1d5f9a" stroke-width="5" marker-end="url(#a)"/>` : ''}</g>`).join('')}
<defs><marker id="a" markerUnits="userSpaceOnUse" markerWidth="16" markerHeight="16" refX="4" refY="8" orient="auto"><path d="M0 0 L16 8 L0 16z" fill="#1d5f9a"/></marker></defs>
<path d="M1140 318 C1140 470 140 470 140 326" fill="none" stroke="#1d5f9a" stroke-width="5" marker-end="url(#a)"/>
<text x="650" y="120" text-anchor="middle" font-family="DejaVu Mono, monospace" font-size="30" fill="#1c2533">timers → pending → poll → check → close</text>
</svg>`;
await sharp(Buffer.from(diagram)).png({ compressionLevel: 9 }).toFile('site/images/event-loop-phases.png');
console.log('drawn');
