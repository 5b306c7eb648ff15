import { createHash } from 'node:crypto';

/**
 * Short, stable content hash used for cache keys and hashed file names: each part followed by a
 * zero byte. Text parts are joined before they reach the hash, one call into it instead of two
 * per part (a card key has five parts, a build's fingerprint one per file of out/); the bytes
 * hashed are the same.
 */
export function contentHash(...parts: Array<string | Uint8Array>): string {
  const hash = createHash('sha256');
  let text = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      text += `${part}\0`;
      continue;
    }
    if (text) hash.update(text);
    text = '';
    hash.update(part);
    hash.update('\0');
  }
  if (text) hash.update(text);
  return hash.digest('hex').slice(0, 20);
}
