import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { contentHash } from '../shared/hash.ts';
import { runPool } from './run-pool.ts';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
const VERSION = 'og-v2';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Splits a title into at most `max` lines of about `perLine` characters, with an ellipsis if it must. */
export function wrapTitle(title: string, perLine = 26, max = 3): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > perLine && line) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1]!.replace(/[\s,.:;—-]+$/, '')}…`;
  return kept;
}

/** The card drawn for one page: the site's colours, its title, the site name and the section. */
export function ogSvg(options: { title: string; siteName: string; label: string }): string {
  const lines = wrapTitle(options.title);
  const text = lines.map((l, i) => `<text x="80" y="${250 + i * 84}" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="68" fill="#ffffff">${escapeXml(l)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
<defs><radialGradient id="g" cx="85%" cy="10%" r="80%"><stop offset="0" stop-color="#1d3557"/><stop offset="0.6" stop-color="#0f1b2d"/></radialGradient></defs>
<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#g)"/>
<circle cx="1050" cy="130" r="62" fill="#f6b40e"/>
<path d="M700 560c90-170 330-170 420 0" fill="none" stroke="#74acdf" stroke-width="10" stroke-linecap="round"/>
<rect x="80" y="120" width="120" height="10" rx="5" fill="#f6b40e"/>
<text x="80" y="100" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="26" letter-spacing="3" fill="#f6b40e">${escapeXml(options.label.toUpperCase())}</text>
${text}
<text x="80" y="570" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="34" fill="#d6deea">${escapeXml(options.siteName)}</text>
</svg>`;
}

/** Where a page's card is published: named by the drawing, so the plan knows it before anything renders. */
export function ogImagePath(options: { title: string; siteName: string; label: string }): string {
  return `og/${contentHash(VERSION, ogSvg(options)).slice(0, 16)}.png`;
}

export interface OgJob {
  title: string;
  label: string;
}

/**
 * Open Graph images (1200×630 PNG) drawn from each page's title, cached by the drawing itself:
 * a page whose title did not change costs one hash.
 */
export async function renderOgImages(options: { jobs: OgJob[]; siteName: string; cacheDir: string; concurrency?: number }) {
  const dir = join(options.cacheDir, VERSION);
  await mkdir(dir, { recursive: true });
  const byJob = new Map<OgJob, { path: string; linkFrom: string; bytes: number }>();
  let rendered = 0;
  await runPool(options.jobs, options.concurrency ?? 4, async (job) => {
    const svg = ogSvg({ title: job.title, siteName: options.siteName, label: job.label });
    const key = contentHash(VERSION, svg);
    const file = join(dir, `${key}.png`);
    let bytes: number;
    try {
      bytes = (await readFile(file)).length;
    } catch {
      const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
      await writeFile(file, png);
      bytes = png.length;
      rendered++;
    }
    byJob.set(job, { path: ogImagePath({ title: job.title, siteName: options.siteName, label: job.label }), linkFrom: file, bytes });
  });
  return { byJob, rendered };
}
