import { createHash } from 'node:crypto';

/** Short, stable content hash used for cache keys and hashed file names. */
export function contentHash(...parts: Array<string | Uint8Array>): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(part);
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}
