import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { HASHED_FILES } from '../node/cache-policy.ts';

/** The URL paths of the hashed files, sorted: what `_hashed-files.json` lists. */
export function sortedHashedFiles(paths: ReadonlySet<string>): string[] {
  return [...paths].sort();
}

/** The content of `_hashed-files.json`, from the sorted list: an unchanged build writes the same bytes. */
export function hashedFilesJson(sorted: readonly string[]): string {
  return JSON.stringify({ version: 1, files: sorted }, null, 0) + '\n';
}

/**
 * The sorted list after files were renamed (`[was, now]` URL paths): each old name taken out and
 * each new one put where it sorts, as `sortedHashedFiles` would place it, without sorting again.
 */
export function renameInSorted(sorted: readonly string[], renamed: ReadonlyArray<readonly [was: string, now: string]>): string[] {
  const list = [...sorted];
  const at = (path: string) => {
    let [low, high] = [0, list.length];
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (list[mid]! < path) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  for (const [was] of renamed) {
    const i = at(was);
    if (list[i] === was) list.splice(i, 1);
  }
  for (const [, now] of renamed) {
    const i = at(now);
    if (list[i] !== now) list.splice(i, 0, now);
  }
  return list;
}

/** The hashed files of a built out/; an empty set when the build predates the list (nothing is then cached for long). */
export function readHashedFiles(outDir: string): Set<string> {
  try {
    const parsed = JSON.parse(readFileSync(join(outDir, HASHED_FILES), 'utf8')) as { files?: unknown };
    return new Set(Array.isArray(parsed.files) ? parsed.files.filter((f): f is string => typeof f === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * For a server whose out/ is replaced under it (`serve --watch` swaps folders): the list is read
 * again whenever the file's identity or time changes, one stat per call.
 */
export function watchHashedFiles(outDir: string): () => ReadonlySet<string> {
  let stamp = '';
  let files: Set<string> = new Set();
  return () => {
    const info = statSync(join(outDir, HASHED_FILES), { throwIfNoEntry: false });
    const now = info ? `${info.ino}:${info.mtimeMs}:${info.size}` : '';
    if (now !== stamp) {
      stamp = now;
      files = readHashedFiles(outDir);
    }
    return files;
  };
}
