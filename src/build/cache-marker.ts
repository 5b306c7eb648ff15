import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { TEMP_NAME, writeFileAtomically } from '../node/write-atomically.ts';

// Bumped when any cache entry changes meaning in a way its own folder version does not cover.
const CACHE_VERSION = 'agency-site-cache-1';
const MARKER = 'CACHEDIR.json';
/** What agency-site keeps in .cache/, and what a write stopped half-way left; nothing else in the folder is ever removed. */
const ENTRIES =
  /^(pages|markdown|og|images|files|compressed|content|source-stamps|graph|sweep|yaml|numbers|code-cache)-v\d+(-[0-9a-f]+)?(\.json)?$|^(esbuild|templates|sw|last-build\.json|client-gzip-sizes\.json|CACHEDIR\.json)$/;
const ours = (entry: string) => ENTRIES.test(entry) || TEMP_NAME.test(entry);

/**
 * Checks that .cache/ was written by this version of agency-site for this site (its name and
 * languages; not its path, so CI can restore it in another checkout). A cache from another
 * version or site, or one whose marker is damaged, is emptied of our entries and rebuilt;
 * the returned line says so. An empty or new folder is simply marked.
 */
/** Whether `cacheDir` is marked as this version's cache of this site: read-only commands may use it then. */
export function cacheIsOurs(cacheDir: string, site: { name: string; locales: string[] }): boolean {
  try {
    const marker = JSON.parse(readFileSync(join(cacheDir, MARKER), 'utf8')) as { version?: string; site?: string; locales?: string[] };
    return marker.version === CACHE_VERSION && JSON.stringify([marker.site, marker.locales]) === JSON.stringify([site.name, site.locales]);
  } catch {
    return false;
  }
}

export function checkCacheMarker(cacheDir: string, site: { name: string; locales: string[] }): string | undefined {
  const identity = { version: CACHE_VERSION, site: site.name, locales: site.locales };
  const file = join(cacheDir, MARKER);
  let entries: string[];
  try {
    entries = readdirSync(cacheDir);
  } catch {
    entries = [];
  }
  let problem: string | undefined;
  if (entries.some(ours)) {
    let marker: typeof identity | undefined;
    try {
      marker = JSON.parse(readFileSync(file, 'utf8')) as typeof identity;
    } catch (error) {
      problem = (error as NodeJS.ErrnoException).code === 'ENOENT' ? `${cacheDir} has no ${MARKER}` : `${file} is unreadable (${(error as Error).message})`;
    }
    if (!problem && marker?.version !== identity.version) problem = `${cacheDir} was written by another version of agency-site (${String(marker?.version)})`;
    if (!problem && JSON.stringify([marker?.site, marker?.locales]) !== JSON.stringify([identity.site, identity.locales]))
      problem = `${cacheDir} belongs to another site ("${String(marker?.site)}")`;
    if (!problem) return undefined;
    for (const entry of entries) if (ours(entry)) rmSync(join(cacheDir, entry), { recursive: true, force: true });
  }
  writeFileAtomically(file, JSON.stringify(identity));
  return problem && `cache: ${problem}; rebuilt from scratch`;
}
