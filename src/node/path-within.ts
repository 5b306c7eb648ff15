import { isAbsolute, relative, sep } from 'node:path';

/**
 * `path` relative to `dir` with `/` between segments, or undefined when it is not inside `dir`.
 * A plain slice when `path` is already absolute and clean under `dir`, as paths from readdir are:
 * path.relative resolves both sides first, and thousands of calls a build made it a hot spot.
 */
export function pathWithin(dir: string, path: string): string | undefined {
  if (path.length > dir.length + 1 && path.startsWith(dir) && path[dir.length] === sep && !DOT_SEGMENT.test(path) && !dir.endsWith(sep)) {
    // path.relative drops a trailing separator; so does this.
    const rel = path.slice(dir.length + 1, path.endsWith(sep) ? -1 : undefined);
    return sep === '/' ? rel : rel.split(sep).join('/');
  }
  const rel = relative(dir, path);
  if (!rel || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
}

/** A `.` or `..` segment, or a doubled separator: a path that only path.relative reads right. */
const DOT_SEGMENT = /[\\/]\.{1,2}(?:[\\/]|$)|[\\/]{2}/;
