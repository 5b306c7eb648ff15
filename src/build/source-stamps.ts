// The "nothing changed" decision, made before the pipeline is even loaded: one manifest of every
// input file's stamp (size, mtime, inode) and every folder's mtime (a file added or removed
// changes its folder's). Imports only node: modules, so `agency-site build` on an unchanged site
// costs start-up plus a few thousand stat calls.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { FileStamp } from '../content/index.ts';
import { packageRoot } from '../node/package-root.ts';
import { writeFileAtomically } from '../node/write-atomically.ts';

export const STAMPS_VERSION = 'source-stamps-v3';

/** ctime too: tools that keep a file's mtime (cp -p, rsync -t) cannot set it back, so such an edit is seen. */
type Stamp = [size: number, mtimeMs: number, ino: number, ctimeMs: number];

export interface SourceStamps {
  version: typeof STAMPS_VERSION;
  /** The options and generator this build ran with; any difference means a full build. */
  key: string;
  /** Absolute folder → its entries' stamps, relative to it (checkouts move, so the cache stays relative). */
  roots: Record<string, { dirs: Record<string, number>; files: Record<string, Stamp> }>;
}

export interface StampOptions {
  siteDir: string;
  templatesDir: string;
  localesDir: string;
  outDir: string;
  cacheDir: string;
  baseUrl?: string | undefined;
}

const stampsFile = (cacheDir: string) => join(cacheDir, `${STAMPS_VERSION}.json`);
const stampOf = (s: { size: number; mtimeMs: number; ino: number; ctimeMs: number }): Stamp => [s.size, s.mtimeMs, s.ino, s.ctimeMs];

/** The folders a build reads: the site's three, and the generator's own sources (the browser runtime is bundled from src/). */
function rootsOf(o: StampOptions): string[] {
  const pkg = packageRoot();
  return [o.siteDir, o.templatesDir, o.localesDir, join(pkg, 'src'), join(pkg, 'dist')].map((d) => resolve(d));
}

function keyOf(o: StampOptions): string {
  return JSON.stringify([resolve(o.siteDir), resolve(o.templatesDir), resolve(o.localesDir), resolve(o.outDir), o.baseUrl ?? '']);
}

/** Walks the inputs now; called when a build starts, so an edit made while it runs is seen by the next one. */
export function takeStamps(o: StampOptions): SourceStamps {
  const roots: SourceStamps['roots'] = {};
  for (const root of rootsOf(o)) {
    const entry = { dirs: {} as Record<string, number>, files: {} as Record<string, Stamp> };
    const rootStat = statSync(root, { throwIfNoEntry: false });
    if (rootStat) {
      entry.dirs['.'] = rootStat.mtimeMs;
      for (const d of readdirSync(root, { recursive: true, withFileTypes: true })) {
        // Joined by hand: path.join and path.relative were a third of a warm build's walk.
        const full = `${d.parentPath}/${d.name}`;
        const rel = full.slice(root.length + 1);
        const s = statSync(full, { throwIfNoEntry: false });
        if (!s) continue;
        if (d.isDirectory()) entry.dirs[rel] = s.mtimeMs;
        else entry.files[rel] = stampOf(s);
      }
    }
    roots[root] = entry;
  }
  return { version: STAMPS_VERSION, key: keyOf(o), roots };
}

/**
 * The stamp of an input file as this build took it, for the content loader (the post index), so
 * each post is stat'ed once a build, not twice. Undefined outside the folder or when not found.
 */
export function stampLookup(stamps: SourceStamps, folder: string): (file: string) => FileStamp | undefined {
  const root = resolve(folder);
  const files = stamps.roots[root]?.files;
  return (file) => {
    if (!files || !file.startsWith(`${root}/`)) return undefined;
    const stamp = files[file.slice(root.length + 1)];
    return stamp && { size: stamp[0], mtimeMs: stamp[1], ino: stamp[2], ctimeMs: stamp[3] };
  };
}

/**
 * Records a file the build itself wrote inside an input folder (site/urls.lock) as the build saw
 * it, with its folder's time, so the next build does not take its own write for an edit.
 */
export function restampFile(stamps: SourceStamps, root: string, file: string): void {
  const entry = stamps.roots[resolve(root)];
  const info = statSync(file, { throwIfNoEntry: false });
  const rootStat = statSync(root, { throwIfNoEntry: false });
  if (!entry || !info || !rootStat) return;
  entry.files[relative(resolve(root), file)] = stampOf(info);
  entry.dirs['.'] = rootStat.mtimeMs;
}

/** Saved after a successful build, with what it reported, renamed into place (never half-written). */
export function saveStamps(cacheDir: string, stamps: SourceStamps, report: unknown): void {
  writeFileAtomically(stampsFile(cacheDir), JSON.stringify({ ...stamps, report }));
}

/** A file whose stamp differs from the last build's: what `classifyChange` is given by `build`. */
export interface StampChange {
  path: string;
  kind: 'add' | 'change' | 'unlink';
}

export type StampCheck = { current: true; report: unknown } | { current: false; problem?: string; changes?: StampChange[]; stamps?: SourceStamps };

/**
 * Whether every input is exactly as the last successful build saw it. `problem` is set when the
 * manifest exists but cannot be trusted (truncated, another version, another site's options).
 */
export function checkStamps(o: StampOptions): StampCheck {
  let saved: SourceStamps & { report?: unknown };
  const file = stampsFile(o.cacheDir);
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as SourceStamps & { report?: unknown };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { current: false };
    return { current: false, problem: `${file} is unreadable (${(error as Error).message})` };
  }
  if (saved?.version !== STAMPS_VERSION || typeof saved.roots !== 'object' || saved.report === undefined)
    return { current: false, problem: `${file} is from another version of agency-site` };
  if (saved.key !== keyOf(o)) return { current: false };
  const roots = rootsOf(o);
  if (Object.keys(saved.roots).join('\0') !== roots.join('\0')) return { current: false };
  // Every difference, not just the first: the build keys again only the pages they reach.
  const now = takeStamps(o);
  const changes: StampChange[] = [];
  for (const root of roots) {
    const before = saved.roots[root]!.files;
    const after = now.roots[root]!.files;
    for (const [rel, stamp] of Object.entries(after)) {
      const old = before[rel];
      if (!old) changes.push({ path: join(root, rel), kind: 'add' });
      else if (old.some((v, i) => v !== stamp[i])) changes.push({ path: join(root, rel), kind: 'change' });
    }
    for (const rel of Object.keys(before)) if (!(rel in after)) changes.push({ path: join(root, rel), kind: 'unlink' });
  }
  return changes.length ? { current: false, changes, stamps: now } : { current: true, report: saved.report };
}
