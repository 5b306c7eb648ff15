import { relative, sep } from 'node:path';

/** A path as an editor sees it in messages: relative to where the command runs, with forward slashes. */
export function displayPath(file: string): string {
  const rel = relative(process.cwd(), file) || file;
  return rel.split(sep).join('/');
}
