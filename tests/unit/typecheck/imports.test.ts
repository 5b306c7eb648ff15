import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The type checker keeps DOM out of Node code and Node types out of src/client; these rules keep
// the folders themselves apart: what runs in the browser reaches only browser-safe folders.
const ROOT = resolve(new URL('../../..', import.meta.url).pathname);

/** Every module specifier of a source file: static imports, re-exports, side-effect and dynamic imports. */
export function specifiersOf(source: string, options: { values?: boolean } = {}): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/(?:^|[\s;])(?:import|export)\s([^'"`;]*?)from\s*['"]([^'"]+)['"]/g)) {
    // `import type` is erased when bundled: it resolves nothing at run time.
    if (!options.values || !/^type\s/.test(m[1]!)) found.add(m[2]!);
  }
  for (const m of source.matchAll(/(?:^|[\s;])import\s*['"]([^'"]+)['"]/g)) found.add(m[1]!);
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.add(m[1]!);
  return [...found];
}

function sourcesUnder(folder: string): string[] {
  return (readdirSync(join(ROOT, folder), { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => join(folder, f));
}

const isNode = (spec: string) => spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0]!);

/** Imports of `folder`'s files that are Node modules or relative paths outside `allowed` (`values`: type-only imports aside). */
function strayImports(folder: string, allowed: string[], values = false): string[] {
  const stray: string[] = [];
  for (const file of sourcesUnder(folder)) {
    for (const spec of specifiersOf(readFileSync(join(ROOT, file), 'utf8'), { values })) {
      if (isNode(spec)) stray.push(`${file}: ${spec}`);
      if (!spec.startsWith('.')) continue;
      const target = relative(ROOT, resolve(ROOT, dirname(file), spec));
      if (!allowed.some((a) => target === a || target.startsWith(`${a}/`))) stray.push(`${file}: ${spec}`);
    }
  }
  return stray;
}

describe('browser and shared code import only browser-safe folders', () => {
  it('reads every kind of import', () => {
    const source =
      "import a from 'a';\nimport type { B } from './b.ts';\nexport { c } from '../c.ts';\nimport './d.css';\nconst e = await import('node:e');\nexport * from \"f\";";
    expect(specifiersOf(source).sort()).toEqual(['../c.ts', './b.ts', './d.css', 'a', 'f', 'node:e']);
    expect(specifiersOf(source, { values: true }).sort()).toEqual(['../c.ts', './d.css', 'a', 'f', 'node:e']);
  });

  it.each([
    ['src/shared', ['src/shared']],
    ['src/forms/schema', ['src/forms/schema', 'src/shared']],
    ['src/sw', ['src/sw', 'src/shared']],
    ['src/client', ['src/client', 'src/shared', 'templates', 'src/forms/schema']],
    ['templates', ['templates', 'src/shared']],
  ])('%s imports no node: module and nothing outside its allowed folders', (folder, allowed) => {
    expect(strayImports(folder, allowed)).toEqual([]);
  });

  it('templates take values from src/ only by package name (agency-site/…): a site copies them elsewhere', () => {
    expect(strayImports('templates', ['templates'], true)).toEqual([]);
  });
});
