// What js-yaml and zod made of each YAML file's text, remembered between builds: they took ~50 ms
// of every build for site files that an edit of a post leaves as they were (zod's first use of a
// schema compiles it). Valid files only: an invalid one is parsed again, and its error reported.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { contentHash } from '../node/hash.ts';
import { packageRoot } from '../node/package-root.ts';
import { writeFileAtomically } from '../node/write-atomically.ts';

interface Memory {
  /** The generator whose schemas made the values: another build of agency-site starts afresh. */
  generator: string;
  /** Key (what, variant, text) → the valid value, as JSON: each build takes its own copy. */
  values: Record<string, string>;
}

const file = (cacheDir: string) => join(cacheDir, 'yaml-v1.json');
let memory: Memory | undefined;
// Every key this process asked for: a watch session keeps what its earlier builds read.
const used = new Set<string>();
let changed = false;

/** The compiled generator's files with their stamps: `npm run compile` or an upgrade changes them. */
function generatorKey(): string {
  const dist = join(packageRoot(), 'dist');
  const entries: string[] = [];
  try {
    for (const name of readdirSync(dist).sort()) {
      const stats = statSync(join(dist, name));
      entries.push(`${name}\0${stats.size}\0${stats.mtimeMs}`);
    }
  } catch {
    // Not compiled (tests run the sources): the key is that of no dist/.
  }
  return contentHash(...entries);
}
let generator: string | undefined;

/** Before the first YAML file of a build is read. */
export function loadYamlMemory(cacheDir: string): void {
  generator ??= generatorKey();
  if (memory?.generator === generator) return;
  memory = { generator, values: {} };
  try {
    const saved = JSON.parse(readFileSync(file(cacheDir), 'utf8')) as Memory;
    if (saved?.generator === generator && typeof saved.values === 'object' && saved.values) memory.values = saved.values;
  } catch {
    // Nothing remembered: every file is parsed.
  }
}

/** The remembered value for `key`, a fresh copy; or what `make` returns, remembered when the memory is on. */
export function rememberedYaml<T>(parts: string[], make: () => T): T {
  if (!memory) return make();
  const key = contentHash(...parts);
  used.add(key);
  const text = memory.values[key];
  if (text !== undefined) return JSON.parse(text) as T;
  const value = make();
  memory.values[key] = JSON.stringify(value);
  changed = true;
  return value;
}

/** After a successful build that read a file it did not remember: the values this build used, renamed into place. */
export function saveYamlMemory(cacheDir: string): void {
  if (!memory || !changed) return;
  changed = false;
  // Only what this process read: an edited file's earlier texts are not kept.
  const values: Record<string, string> = {};
  for (const key of used) if (memory.values[key] !== undefined) values[key] = memory.values[key]!;
  memory.values = values;
  writeFileAtomically(file(cacheDir), JSON.stringify(memory));
}
