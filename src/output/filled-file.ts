import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { refillAssetSlots } from '../render/index.ts';
import type { OutputFile } from './build-manifest.ts';

export type FilledFile = Extract<OutputFile, { fillFrom: string }>;

/** A rendered file of the page cache with this build's asset names in its slots. */
export async function filledData(file: FilledFile): Promise<string> {
  return refillAssetSlots(await readFile(file.fillFrom, 'utf8'), file.at, file.storedWith, file.slots.values);
}

/** What a file in out/ holds, without reading it: the cached file it was made from and the names filled in. */
export function filledKey(file: FilledFile): string {
  return `fill:${basename(file.fillFrom)}:${file.slots.key}`;
}
