import { join, sep } from 'node:path';
import { pathWithin } from '../node/path-within.ts';

export interface ProjectDirs {
  siteDir: string;
  templatesDir: string;
  localesDir: string;
}

/**
 * A file's name in the graph: 'site/…', 'templates/…' or 'locales/…' whatever the folders are
 * called or wherever they are, so graphs and classifications do not depend on the checkout.
 * Anything else (the generator itself) keeps its absolute path.
 */
export function projectPath(path: string, dirs: ProjectDirs): string {
  for (const [name, dir] of [
    ['site', dirs.siteDir],
    ['templates', dirs.templatesDir],
    ['locales', dirs.localesDir],
  ] as const) {
    const rel = pathWithin(dir, path);
    if (rel) return `${name}/${rel}${path.endsWith(sep) ? '/' : ''}`;
  }
  return path;
}

/** The absolute path of a graph name ('site/…', 'templates/…', 'locales/…'); other names are absolute already. */
export function absolutePath(name: string, dirs: ProjectDirs): string {
  const [top, ...rest] = name.split('/');
  const dir = top === 'site' ? dirs.siteDir : top === 'templates' ? dirs.templatesDir : top === 'locales' ? dirs.localesDir : undefined;
  return dir === undefined ? name : join(dir, ...rest);
}
