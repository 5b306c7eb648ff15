import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md's folder table is how a newcomer finds a feature: it must name every
// folder under src/ that holds code, and nothing that is gone.
const ROOT = resolve(new URL('../../..', import.meta.url).pathname);

/** Folders under src/ with at least one .ts file, as `stage/` or `stage/part/`. */
function codeFolders(): string[] {
  const entries = readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true });
  const folders = new Set<string>();
  for (const e of entries) {
    if (e.isFile() && /\.tsx?$/.test(e.name)) folders.add(`${e.parentPath.slice(join(ROOT, 'src').length + 1)}/`);
  }
  return [...folders].sort();
}

/** The first cell of each table row: `` `forms/schema/` `` → `forms/schema/`. */
function tableFolders(markdown: string): string[] {
  return [...markdown.matchAll(/^\| `([a-z0-9-/]+\/)` \|/gm)].map((m) => m[1]!).sort();
}

describe('docs/ARCHITECTURE.md agrees with the tree', () => {
  it('reads folder rows from a table', () => {
    expect(tableFolders('| folder | owns |\n|---|---|\n| `cli/` | commands |\n| `forms/schema/` | x |\n| `templates/` (beside `src/`) | y |')).toEqual([
      'cli/',
      'forms/schema/',
    ]);
  });

  it('names every folder under src/ and no folder that is not there', () => {
    expect(tableFolders(readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8'))).toEqual(codeFolders());
  });
});
