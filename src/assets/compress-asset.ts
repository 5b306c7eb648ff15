import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { contentHash } from '../node/hash.ts';
import { writeFileAtomically } from '../node/write-atomically.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type CompressedAssets = Map<string, { br: Buffer; gz: Buffer }>;

/**
 * Brotli (quality 11) and gzip (level 9) of a hashed asset, kept in the cache by content hash:
 * maximum compression costs most of a second for the runtime, and warm builds must not pay it.
 * Async, so it runs on libuv's threads while the render workers work.
 */
export async function compressAsset(cacheDir: string, text: string): Promise<{ br: Buffer; gz: Buffer }> {
  const dir = compressedCacheDir(cacheDir);
  const key = contentHash(text);
  try {
    return { br: await readFile(join(dir, `${key}.br`)), gz: await readFile(join(dir, `${key}.gz`)) };
  } catch {
    const [br, gz] = await Promise.all([brotliAsync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), gzipAsync(text, { level: 9 })]);
    // Renamed into place: a stopped build never leaves a truncated entry that a later build would publish.
    writeFileAtomically(join(dir, `${key}.br`), br);
    writeFileAtomically(join(dir, `${key}.gz`), gz);
    return { br, gz };
  }
}

export const compressedCacheDir = (cacheDir: string) => join(cacheDir, 'compressed-v1');

/** The cache files that hold these assets' compressed copies: what a sweep keeps. */
export function compressedCacheFiles(cacheDir: string, texts: readonly string[]): string[] {
  const dir = compressedCacheDir(cacheDir);
  return texts.flatMap((text) => {
    const key = contentHash(text);
    return [join(dir, `${key}.br`), join(dir, `${key}.gz`)];
  });
}

/**
 * Every asset's compressed copies, by its path in out/. Those of the last call's texts are handed
 * on: a watch save whose CSS and scripts did not change neither hashes them nor reads their copies
 * again (5-15 ms of a post save at 2,000 posts per locale, waiting behind the page's render).
 */
export async function compressAssets(cacheDir: string, assets: Array<{ path: string; text: string }>): Promise<CompressedAssets> {
  const last = lastCompressed?.cacheDir === cacheDir ? lastCompressed.byText : new Map<string, Promise<{ br: Buffer; gz: Buffer }>>();
  const byText = new Map(assets.map((a) => [a.text, last.get(a.text) ?? compressAsset(cacheDir, a.text)]));
  lastCompressed = { cacheDir, byText };
  try {
    return new Map(await Promise.all(assets.map(async (a) => [a.path, await byText.get(a.text)!] as const)));
  } catch (error) {
    // A failed compression is not handed on: the next build tries again.
    if (lastCompressed.byText === byText) lastCompressed = undefined;
    throw error;
  }
}
let lastCompressed: { cacheDir: string; byText: Map<string, Promise<{ br: Buffer; gz: Buffer }>> } | undefined;
