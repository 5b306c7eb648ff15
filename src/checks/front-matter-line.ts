import { readFileSync } from 'node:fs';
import { locateYamlPath } from '../errors/index.ts';

/** The line of a top-level front matter field in a markdown file, or undefined when it is absent. */
export function frontMatterLine(path: string, field: string, text = readFileSync(path, 'utf8')): number | undefined {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  // locateYamlPath falls back to the parent (the block itself) when the field is absent.
  if (block === undefined || !new RegExp(`^${field}\\s*:`, 'm').test(block)) return undefined;
  return locateYamlPath(block, [field], 1)?.line;
}
