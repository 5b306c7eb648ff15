import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import type sharp from 'sharp';
import { invalidImageError } from '../errors/index.ts';
import { displayPath } from '../node/display-path.ts';
import { contentHash } from '../node/hash.ts';
import type { ImageInfo, ImageVariant } from '../shared/page-data.ts';
import { siteFilesByRole, type SiteFile } from '../node/published-files.ts';
import { runPool } from '../node/run-pool.ts';
import { loadSharp } from './load-sharp.ts';
import { publishedFileUrl } from '../shared/site-paths.ts';
import { importExternal } from '../node/import-external.ts';

export interface ImageSettings {
  contentMaxWidth: number;
  wideMaxWidth: number;
  quality: number;
}

export interface ProcessedImages {
  /** `/images/x.jpg`, `/blog/a-post/x.png` (the path in the site folder) → what templates and markdown render. */
  manifest: Record<string, ImageInfo>;
  /** Files for out/, each a cached file to link; images are named by their content, linked files by their path (not hashed). */
  files: Array<{ path: string; linkFrom: string; bytes: number; hashed?: boolean }>;
  processed: number;
  fromCache: number;
  sourceBytes: number;
  outputBytes: number;
}

const VERSION = 'images-v3';
/** Where images are kept: a folder per processed image (its variants), and copies of the files published as they are. */
export const IMAGE_CACHE_FOLDERS = [VERSION, 'files-v1'] as const;
const STEPS = [320, 480, 650, 960, 1170, 1600, 2400];

/** Widths to publish: the usual breakpoints below the source's own width and the configured maximum, then that limit (never upscaled, never twice). */
export function variantWidths(sourceWidth: number, maxWidth: number): number[] {
  const limit = Math.min(sourceWidth, maxWidth);
  const widths = STEPS.filter((w) => w < limit);
  return [...widths, limit];
}

/** What the cache keeps of an image: variant URLs and files by their cache name alone (`320.webp`), named when published. */
interface CachedMeta {
  info: ImageInfo;
  files: Array<{ cacheName: string; bytes: number }>;
}

/** The cached image under its published names: `assets/images/<name>.<hash>.<width>.<ext>`. */
function publishedAs(meta: CachedMeta, baseName: string, short: string): { info: ImageInfo; files: Array<{ path: string; cacheName: string; bytes: number }> } {
  const name = baseName.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  const pathOf = (cacheName: string) => `assets/images/${name}.${short}.${cacheName}`;
  const named = (variants: ImageVariant[] | undefined) => variants?.map((v) => ({ url: `/${pathOf(v.url)}`, width: v.width }));
  const { avif, webp, fallback } = meta.info.sources;
  const sources: ImageInfo['sources'] = { ...(avif ? { avif: named(avif)! } : {}), ...(webp ? { webp: named(webp)! } : {}), fallback: named(fallback)! };
  return { info: { ...meta.info, sources }, files: meta.files.map((f) => ({ ...f, path: pathOf(f.cacheName) })) };
}

/**
 * Every image in the site folder (site/images and beside any markdown file; site/static is
 * published as it is), at the widths and formats pages need (AVIF, WebP and the original format,
 * quality from site.yaml) with a blurred placeholder for photos. An animated GIF becomes an
 * animated WebP with the GIF as the fallback. Results are kept in the cache by the hash of the
 * source bytes and the settings: an unchanged image is never processed twice, and images with
 * the same bytes (a screenshot copied beside each translation) share one set of files. SVGs are
 * published minified and without scripts by svgo. Other files beside markdown (a PDF) are
 * published under /files/ at their path.
 */
export async function processImages(options: {
  siteDir: string;
  cacheDir: string;
  settings: ImageSettings;
  onProgress?: (done: number, total: number) => void;
}): Promise<ProcessedImages> {
  const { image: images, linked } = siteFilesByRole(options.siteDir);
  const result: ProcessedImages = { manifest: {}, files: [], processed: 0, fromCache: 0, sourceBytes: 0, outputBytes: 0 };
  const parallel = Math.max(2, availableParallelism());
  // Grouped by content first: two names for the same bytes are one image, processed and published once.
  const groups = new Map<string, SiteFile[]>();
  await runPool(images, parallel, async (image) => {
    const bytes = await readFile(image.file);
    result.sourceBytes += bytes.length;
    const key = contentHash(VERSION, bytes, JSON.stringify(options.settings));
    groups.set(key, [...(groups.get(key) ?? []), image]);
  });
  let done = 0;
  // libvips threads inside each job; a couple of jobs at once keeps both cores busy.
  await runPool([...groups], parallel, async ([key, group]) => {
    group.sort((a, b) => (a.src < b.src ? -1 : 1));
    const { file, src } = group[0]!;
    const cacheDir = join(options.cacheDir, VERSION, key);
    let meta: CachedMeta;
    try {
      meta = JSON.parse(await readFile(join(cacheDir, 'meta.json'), 'utf8')) as CachedMeta;
      result.fromCache++;
    } catch {
      meta = await processOne({ file, src, bytes: await readFile(file), cacheDir, settings: options.settings });
      result.processed++;
    }
    // Named after the group's first path, so the names never depend on which copy was cached first.
    const published = publishedAs(meta, basename(file, extname(file)), key.slice(0, 10));
    for (const member of group) result.manifest[member.src] = published.info;
    for (const f of published.files) {
      result.files.push({ path: f.path, linkFrom: join(cacheDir, f.cacheName), bytes: f.bytes });
      result.outputBytes += f.bytes;
    }
    done += group.length;
    options.onProgress?.(done, images.length);
  });
  await runPool(linked, parallel, async ({ file, src }) => {
    const bytes = await readFile(file);
    const cached = join(options.cacheDir, IMAGE_CACHE_FOLDERS[1], contentHash(bytes));
    await writeFile(cached, bytes, { flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        await mkdir(dirname(cached), { recursive: true });
        await writeFile(cached, bytes, { flag: 'wx' }).catch((again: NodeJS.ErrnoException) => ignoreExisting(again));
      } else ignoreExisting(error);
    });
    result.files.push({ path: publishedFileUrl(src).slice(1), linkFrom: cached, bytes: bytes.length, hashed: false });
  });
  // Jobs finish in any order, and the manifest reaches every page's shared data (and so every
  // page's cache key): in the order of the sources, or a cold build and the next one would
  // differ and the second would render every page again.
  result.manifest = Object.fromEntries(
    Object.keys(result.manifest)
      .sort()
      .map((src) => [src, result.manifest[src]!]),
  );
  result.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return result;
}

function ignoreExisting(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EEXIST') throw error;
}

async function processOne(o: { file: string; src: string; bytes: Buffer; cacheDir: string; settings: ImageSettings }): Promise<CachedMeta> {
  await mkdir(o.cacheDir, { recursive: true });
  const files: CachedMeta['files'] = [];
  const save = async (data: Buffer, width: number, ext: string) => {
    const cacheName = `${width}.${ext}`;
    await writeFile(join(o.cacheDir, cacheName), data);
    files.push({ cacheName, bytes: data.length });
    return { url: cacheName, width } satisfies ImageVariant;
  };
  if (extname(o.file).toLowerCase() === '.svg') {
    const text = o.bytes.toString('utf8');
    // The root element's own size: a <rect width="80"> inside it says nothing about the drawing.
    const root = /<svg\b[^>]*>/i.exec(text)?.[0] ?? '';
    const box = /viewBox="[\d.\s-]*?\s([\d.]+)\s+([\d.]+)"/.exec(root);
    const width = Math.round(Number(/\swidth="([\d.]+)"/.exec(root)?.[1] ?? box?.[1] ?? 0));
    const height = Math.round(Number(/\sheight="([\d.]+)"/.exec(root)?.[1] ?? box?.[2] ?? 0));
    if (!width || !height) throw invalidImageError(displayPath(o.file), 'an SVG needs width and height, or a viewBox, so pages can reserve its space');
    const variant = await save(await optimizeSvg(o.file, text), width, 'svg');
    const info: ImageInfo = { width, height, kind: 'svg', sources: { fallback: [variant] }, type: 'image/svg+xml' };
    await writeFile(join(o.cacheDir, 'meta.json'), JSON.stringify({ info, files }));
    return { info, files };
  }
  if (extname(o.file).toLowerCase() === '.gif') {
    const info = await processGif(o, save);
    await writeFile(join(o.cacheDir, 'meta.json'), JSON.stringify({ info, files }));
    return { info, files };
  }
  let image: sharp.Sharp;
  let meta: sharp.Metadata;
  // sharp and svgo load only when an image is not in the cache: most builds never need them.
  const sharpOf = await loadSharp();
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
    // Decoded and resized once, then encoded from those pixels: each encode from the original
    // decoded and resized it again (a 2,400-pixel photo: 0.5 s of its 3.5 s). The encoders get the
    // same pixels, so the files are the same, but for a PNG's density: raw pixels have none, and
    // the PNG is written from the original, which keeps it in its pHYs chunk.
    const fromOriginal = image.clone().resize({ width: w, withoutEnlargement: true });
    const pixels = await fromOriginal.clone().raw().toBuffer({ resolveWithObject: true });
    const resized = sharpOf(pixels.data, { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } });
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
          original === 'png' ? fromOriginal.png({ compressionLevel: 9, palette: true, quality }) : resized.clone().jpeg({ quality, mozjpeg: true })
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

type SaveVariant = (data: Buffer, width: number, ext: string) => Promise<ImageVariant>;

/**
 * A GIF, animated or not: WebP at the usual widths (animated when the GIF is; far smaller), and
 * the GIF itself, untouched, as the fallback for the few browsers without WebP.
 */
async function processGif(o: { file: string; bytes: Buffer; settings: ImageSettings }, save: SaveVariant): Promise<ImageInfo> {
  const sharpOf = await loadSharp();
  let image: sharp.Sharp;
  let width: number;
  let height: number;
  try {
    image = sharpOf(o.bytes, { failOn: 'error', animated: true });
    const meta = await image.metadata();
    width = meta.width ?? 0;
    // Animated: frames are stacked, one page high each.
    height = meta.pageHeight ?? meta.height ?? 0;
    if (!width || !height) throw new Error('no dimensions');
  } catch (error) {
    throw invalidImageError(displayPath(o.file), `it cannot be read as an image (${(error as Error).message})`);
  }
  const webp: ImageVariant[] = [];
  for (const w of variantWidths(width, o.settings.wideMaxWidth)) {
    const resized = w === width ? image.clone() : image.clone().resize({ width: w, withoutEnlargement: true });
    webp.push(await save(await resized.webp({ quality: o.settings.quality, effort: 2 }).toBuffer(), w, 'webp'));
  }
  const fallback = [await save(o.bytes, width, 'gif')];
  return { width, height, kind: 'raster', sources: { webp, fallback }, type: 'image/gif' };
}

/** Any on* attribute, also ones svgo's list of events does not name. */
const REMOVE_EVENT_ATTRIBUTES = {
  name: 'removeEventAttributes',
  fn: () => ({
    element: {
      enter: (node: { attributes: Record<string, string> }) => {
        for (const name of Object.keys(node.attributes)) if (/^on/i.test(name)) delete node.attributes[name];
      },
    },
  }),
};

/**
 * svgo (the maintained SVG optimizer) drops editor metadata, comments and redundant precision.
 * Its v4 default preset keeps viewBox and <title>, which sizing and screen readers need.
 */
async function optimizeSvg(file: string, text: string): Promise<Buffer> {
  const { optimize } = await importExternal<typeof import('svgo')>('svgo');
  try {
    // Scripts and event handlers never ship: an SVG opened as a document would run them on this origin.
    const plugins = ['preset-default' as const, 'removeScripts' as const, REMOVE_EVENT_ATTRIBUTES];
    return Buffer.from(optimize(text, { path: file, multipass: true, plugins }).data);
  } catch (error) {
    throw invalidImageError(displayPath(file), `it is not a well-formed SVG (${(error as Error).message.split('\n')[0]})`);
  }
}
