import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { internalError } from '../errors/internal-error.ts';

/** The generator's own folder (the one with its package.json), from src/ or dist/ alike. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw internalError('agency-site cannot find its package.json');
    dir = parent;
  }
  return dir;
}
