import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_CACHE_VERSION } from './page-cache.ts';

/** Per page cache key: message keys and page ids its templates asked for and did not find. */
export type RenderFindings = Record<string, { messages: string[]; routes: string[]; images?: string[] }>;

// Kept beside the page cache so a page taken from the cache still reports what it lacks.
const file = (cacheDir: string) => join(cacheDir, PAGE_CACHE_VERSION, 'findings.json');

export function readRenderFindings(cacheDir: string): RenderFindings {
  try {
    return JSON.parse(readFileSync(file(cacheDir), 'utf8')) as RenderFindings;
  } catch {
    return {};
  }
}

export function writeRenderFindings(cacheDir: string, findings: RenderFindings): void {
  mkdirSync(join(cacheDir, PAGE_CACHE_VERSION), { recursive: true });
  writeFileSync(file(cacheDir), JSON.stringify(findings));
}
