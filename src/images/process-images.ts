import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, extname, join, relative, sep } from 'node:path';
import type sharp from 'sharp';
import { invalidImageError } from '../errors/index.ts';
import { displayPath } from '../node/display-path.ts';
import { contentHash } from '../node/hash.ts';
import type { ImageInfo, ImageVariant } from '../shared/page-data.ts';
import { runPool } from '../node/run-pool.ts';

export interface ImageSettings {
  contentMaxWidth: number;
  wideMaxWidth: number;
  quality: number;
}

export interface ProcessedImages {
  /** `/images/x.jpg` → what templates and markdown render. */
  manifest: Record<string, ImageInfo>;
  /** Files for out/, each a cached file to link. */
  files: Array<{ path: string; linkFrom: string; bytes: number }>;
  processed: number;
  fromCache: number;
  sourceBytes: number;
  outputBytes: number;
}

const VERSION = 'images-v2';
const RASTER = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif']);
const STEPS = [320, 480, 650, 960, 1170, 1600, 2400];

/** Widths to publish: the usual breakpoints up to the source's own width and the configured maximum. */
export function variantWidths(sourceWidth: number, maxWidth: number): number[] {
  const limit = Math.min(sourceWidth, maxWidth);
  const widths = STEPS.filter((w) => w < limit);
  return [...widths, limit];
}

interface CachedMeta {
  info: ImageInfo;
  files: Array<{ path: string; cacheName: string; bytes: number }>;
}

/**
 * Every image in site/images, published at the widths and formats pages need (AVIF, WebP and the
 * original format, quality from site.yaml) with a blurred placeholder for photos. Results are kept
 * in the cache by the hash of the source bytes and the settings: an unchanged image is never
 * processed twice. SVGs are published minified by svgo.
 */
export async function processImages(options: {
  siteDir: string;
  cacheDir: string;
  settings: ImageSettings;
  onProgress?: (done: number, total: number) => void;
}): Promise<ProcessedImages> {
  const dir = join(options.siteDir, 'images');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const sources = entries
    .filter((e) => e.isFile() && (RASTER.has(extname(e.name).toLowerCase()) || extname(e.name).toLowerCase() === '.svg'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
  const result: ProcessedImages = { manifest: {}, files: [], processed: 0, fromCache: 0, sourceBytes: 0, outputBytes: 0 };
  let done = 0;
  // libvips threads inside each job; a couple of jobs at once keeps both cores busy.
  await runPool(sources, Math.max(2, availableParallelism()), async (file) => {
    const bytes = await readFile(file);
    const src = '/images/' + relative(dir, file).split(sep).join('/');
    const key = contentHash(VERSION, bytes, JSON.stringify(options.settings));
    const cacheDir = join(options.cacheDir, VERSION, key);
    let meta: CachedMeta;
    try {
      meta = JSON.parse(await readFile(join(cacheDir, 'meta.json'), 'utf8')) as CachedMeta;
      result.fromCache++;
    } catch {
      meta = await processOne({ file, src, bytes, key, cacheDir, settings: options.settings });
      result.processed++;
    }
    result.manifest[src] = meta.info;
    result.sourceBytes += bytes.length;
    for (const f of meta.files) {
      result.files.push({ path: f.path, linkFrom: join(cacheDir, f.cacheName), bytes: f.bytes });
      result.outputBytes += f.bytes;
    }
    options.onProgress?.(++done, sources.length);
  });
  // Jobs finish in any order, and the manifest reaches every page's shared data (and so every
  // page's cache key): in the order of the sources, or a cold build and the next one would
  // differ and the second would render every page again.
  result.manifest = Object.fromEntries(
    Object.keys(result.manifest)
      .sort()
      .map((src) => [src, result.manifest[src]!]),
  );
  return result;
}

async function processOne(o: { file: string; src: string; bytes: Buffer; key: string; cacheDir: string; settings: ImageSettings }): Promise<CachedMeta> {
  await mkdir(o.cacheDir, { recursive: true });
  const name = basename(o.file, extname(o.file))
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-');
  const short = o.key.slice(0, 10);
  const files: CachedMeta['files'] = [];
  const save = async (data: Buffer, width: number, ext: string) => {
    const cacheName = `${width}.${ext}`;
    await writeFile(join(o.cacheDir, cacheName), data);
    const path = `assets/images/${name}.${short}.${width}.${ext}`;
    files.push({ path, cacheName, bytes: data.length });
    return { url: `/${path}`, width } satisfies ImageVariant;
  };
  if (extname(o.file).toLowerCase() === '.svg') {
    const text = o.bytes.toString('utf8');
    const box = /viewBox="[\d.\s-]*?\s([\d.]+)\s+([\d.]+)"/.exec(text);
    const width = Math.round(Number(/\bwidth="([\d.]+)"/.exec(text)?.[1] ?? box?.[1] ?? 0));
    const height = Math.round(Number(/\bheight="([\d.]+)"/.exec(text)?.[1] ?? box?.[2] ?? 0));
    if (!width || !height) throw invalidImageError(displayPath(o.file), 'an SVG needs width and height, or a viewBox, so pages can reserve its space');
    const variant = await save(await optimizeSvg(o.file, text), width, 'svg');
    const info: ImageInfo = { width, height, kind: 'svg', sources: { fallback: [variant] }, type: 'image/svg+xml' };
    await writeFile(join(o.cacheDir, 'meta.json'), JSON.stringify({ info, files }));
    return { info, files };
  }
  let image: sharp.Sharp;
  let meta: sharp.Metadata;
  // sharp and svgo load only when an image is not in the cache: most builds never need them.
  const { default: sharpOf } = await import('sharp');
  try {
    image = sharpOf(o.bytes, { failOn: 'error' }).rotate();
    meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
  } catch (error) {
    throw invalidImageError(displayPath(o.file), `it cannot be read as an image (${(error as Error).message})`);
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height! : meta.width!;
  const height = rotated ? meta.width! : meta.height!;
  const original = meta.format === 'png' ? 'png' : 'jpeg';
  const quality = o.settings.quality;
  const sources: ImageInfo['sources'] = { avif: [], webp: [], fallback: [] };
  for (const w of variantWidths(width, o.settings.wideMaxWidth)) {
    const resized = image.clone().resize({ width: w, withoutEnlargement: true });
    sources.avif!.push(
      await save(
        await resized
          .clone()
          .avif({ quality: Math.max(30, quality - 30), effort: 2 })
          .toBuffer(),
        w,
        'avif',
      ),
    );
    sources.webp!.push(await save(await resized.clone().webp({ quality }).toBuffer(), w, 'webp'));
    sources.fallback.push(
      await save(
        await (
          original === 'png' ? resized.clone().png({ compressionLevel: 9, palette: true, quality }) : resized.clone().jpeg({ quality, mozjpeg: true })
        ).toBuffer(),
        w,
        original === 'png' ? 'png' : 'jpg',
      ),
    );
  }
  // Photos (JPEG) get a blurred 16-pixel preview; drawings with transparency would look wrong blurred.
  const placeholder =
    original === 'jpeg'
      ? `data:image/webp;base64,${(await image.clone().resize({ width: 16 }).blur(1.2).webp({ quality: 40 }).toBuffer()).toString('base64')}`
      : undefined;
  const info: ImageInfo = {
    width,
    height,
    kind: 'raster',
    sources,
    type: original === 'png' ? 'image/png' : 'image/jpeg',
    ...(placeholder ? { placeholder } : {}),
  };
  await writeFile(join(o.cacheDir, 'meta.json'), JSON.stringify({ info, files }));
  return { info, files };
}

/**
 * svgo (the maintained SVG optimizer) drops editor metadata, comments and redundant precision.
 * Its v4 default preset keeps viewBox and <title>, which sizing and screen readers need.
 */
async function optimizeSvg(file: string, text: string): Promise<Buffer> {
  const { optimize } = await import('svgo');
  try {
    return Buffer.from(optimize(text, { path: file, multipass: true }).data);
  } catch (error) {
    throw invalidImageError(displayPath(file), `it is not a well-formed SVG (${(error as Error).message.split('\n')[0]})`);
  }
}
