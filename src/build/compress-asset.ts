import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { contentHash } from '../shared/hash.ts';

/**
 * Brotli (quality 11) and gzip (level 9) of a hashed asset, kept in the cache by content hash:
 * maximum compression costs most of a second for the runtime, and warm builds must not pay it.
 */
export function compressAsset(cacheDir: string, text: string): { br: Buffer; gz: Buffer } {
  const dir = join(cacheDir, 'compressed-v1');
  const key = contentHash(text);
  try {
    return { br: readFileSync(join(dir, `${key}.br`)), gz: readFileSync(join(dir, `${key}.gz`)) };
  } catch {
    const br = brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
    const gz = gzipSync(text, { level: 9 });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${key}.br`), br);
    writeFileSync(join(dir, `${key}.gz`), gz);
    return { br, gz };
  }
}
