import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { HASHED_FILES } from '../node/cache-policy.ts';

/** The content of `_hashed-files.json`: URL paths, sorted, so an unchanged build writes the same bytes. */
export function hashedFilesJson(paths: Iterable<string>): string {
  return JSON.stringify({ version: 1, files: [...new Set(paths)].sort() }, null, 0) + '\n';
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
