import type sharp from 'sharp';
import { importExternal } from '../node/import-external.ts';

/**
 * sharp, loaded on first use (a build whose images and cards are all cached never loads it), with
 * libvips's operation cache off. Every pipeline a build runs has new input, so that cache never
 * hits: it only kept the last 100 operations and the pixels they hold, which cost each social
 * card's band encode 0.5-0.7 ms (BENCHMARKS.md, 2026-11-28).
 */
export async function loadSharp(): Promise<typeof sharp> {
  const { default: sharpOf } = await importExternal<{ default: typeof sharp }>('sharp');
  if (!cacheOff) {
    sharpOf.cache(false);
    cacheOff = true;
  }
  return sharpOf;
}
let cacheOff = false;
