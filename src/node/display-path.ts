import { relative, sep } from 'node:path';
import { pathWithin } from './path-within.ts';

/** A path as an editor sees it in messages: relative to where the command runs, with forward slashes. */
export function displayPath(file: string): string {
  // Most are plain paths under the working folder, sliced by pathWithin: path.relative resolved and
  // normalised both sides of each, 15 ms of a build at 2,000 posts.
  const cwd = process.cwd();
  return pathWithin(cwd, file) ?? (relative(cwd, file) || file).split(sep).join('/');
}
