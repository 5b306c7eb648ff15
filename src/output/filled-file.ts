import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { contentHash } from '../node/hash.ts';
import { refillAssetSlots, type SlotPositions } from '../render/index.ts';
import type { OutputFile } from './build-manifest.ts';

export type FilledFile = Extract<OutputFile, { fillFrom: string }>;

/**
 * A cache file that no longer holds what it was stored with (changed after the build that wrote
 * it), or is gone: a build that trusted it without a stat (out/ as recorded) finds it so only here.
 */
export class DamagedCacheFile extends Error {
  constructor(
    readonly file: string,
    why = 'does not hold the asset names it was stored with',
  ) {
    super(`${file} ${why}`);
  }
}

/** `error` from reading or linking the cache file `file`: a DamagedCacheFile when the file is gone. */
export function cacheFileError(error: unknown, file: string): unknown {
  return (error as NodeJS.ErrnoException).code === 'ENOENT' && !existsSync(file) ? new DamagedCacheFile(file, 'is gone') : error;
}

/** A rendered file of the page cache with this build's asset names in its slots. */
export async function filledData(file: FilledFile): Promise<Buffer> {
  const bytes = await readFile(file.fillFrom).catch((error: unknown) => {
    throw cacheFileError(error, file.fillFrom);
  });
  return refilled(file, bytes);
}

/** The same, read synchronously: for a batch of small files, a thread pool round trip per call costs more than the read. */
export function filledDataSync(file: FilledFile): Buffer {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file.fillFrom);
  } catch (error) {
    throw cacheFileError(error, file.fillFrom);
  }
  return refilled(file, bytes);
}

function refilled(file: FilledFile, bytes: Buffer): Buffer {
  try {
    return refillAssetSlots(bytes, file.at, file.storedWith, file.values);
  } catch {
    throw new DamagedCacheFile(file.fillFrom);
  }
}

/** What a file in out/ holds, without reading it: the cached file it was made from and the names filled in. */
export function filledKey(file: FilledFile): string {
  return `fill:${basename(file.fillFrom)}:${file.named}`;
}

/** A filled file's `named`: the names in its own slots, so an edit that renames none of them leaves it as written. */
export function namedOf(at: SlotPositions, values: Readonly<Record<string, string>>): string {
  return contentHash(...at.map(([, name]) => `${name}\0${values[name]}`));
}
