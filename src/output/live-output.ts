import { closeSync, copyFileSync, fstatSync, linkSync, mkdirSync, openSync, renameSync, rmSync, writeSync, type Stats } from 'node:fs';
import { rm, rmdir } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import type { OutputFile } from './build-manifest.ts';
import type { SlotPositions } from '../render/index.ts';
import { cacheFileError, filledDataSync } from './filled-file.ts';
import { internalError } from '../errors/index.ts';
import { tempBeside, writeFileAtomically } from '../node/write-atomically.ts';

/** What out/ held of a file before this build, as a watch session's record says. */
export interface HeldFile {
  key: string;
  size: number;
  mtimeMs: number;
}

/** What out/ held before this build (serve --watch): each file, and the asset names its filled pages hold, when known. */
export interface HeldOutput {
  file(path: string): HeldFile | undefined;
  names?: Readonly<Record<string, string>>;
}

/**
 * Changes a live out/ file by file: each file is written or linked beside its target and renamed
 * over it, so a server never reads half a file (in watch, a page whose asset names alone change
 * gets them written where it is: see `putCached`). `serve --watch` uses it for every rebuild, and
 * `agency-site build` when only a few files changed; larger builds stage and swap the folder.
 */
export class LiveOutput {
  readonly outDir: string;
  bytesWritten = 0;
  filesWritten = 0;
  /** Size and mtimeMs of the pages patched where they are, taken from their open file: the record needs no stat by path. */
  readonly stamps = new Map<string, [number, number]>();

  /** `held` (serve --watch): what out/ held before this build, by the session's record (see `HeldOutput`). */
  constructor(
    outDir: string,
    private readonly held?: HeldOutput,
  ) {
    this.outDir = resolve(outDir);
  }

  /**
   * Puts one file, synchronously inside: for files this small a thread pool round trip per call
   * cost more than the call (a CSS save replaces 9,000 pages). The server (same thread) gets a turn
   * every few dozen files.
   */
  async put(file: OutputFile): Promise<void> {
    const target = this.target(file.path);
    if ('data' in file) {
      writeFileAtomically(target, file.data);
      this.bytesWritten += typeof file.data === 'string' ? Buffer.byteLength(file.data) : file.data.byteLength;
    } else this.putCached(file, target);
    this.filesWritten++;
    if (this.filesWritten % 32 === 0) await new Promise(setImmediate);
  }

  /**
   * A cached file linked, or a page filled. In watch, a page out/ holds as its own copy of the
   * same cached page gets only its changed names (`patch`), or is written over where it is
   * (`overwrite`); any other is written beside and renamed over.
   */
  private putCached(file: Exclude<OutputFile, { data: unknown }>, target: string): void {
    const held = this.held?.file(file.path);
    if ('linkFrom' in file) {
      // out/'s own copy of this cached page, filled with other names: they are written back.
      const { slots } = file;
      const names = slots && held?.key.startsWith(`fill:${basename(file.linkFrom)}:`) ? this.held!.names : undefined;
      const patched = names ? patch(target, slots!.at, slots!.values, names, held!, this.stamps, file.path) : false;
      if (patched !== false) this.bytesWritten += patched;
      else {
        try {
          inFolder(target, () => linkBeside(file.linkFrom, target));
        } catch (error) {
          throw cacheFileError(error, file.linkFrom);
        }
        this.bytesWritten += file.bytes;
      }
      return;
    }
    // The names out/ holds of this cached page: those it was stored with (the cached bytes, linked or
    // copied), or the last build's (a fill key: the record's keys and names come from one build).
    const filled = held?.key.startsWith(`fill:${basename(file.fillFrom)}:`) === true;
    const names = held?.key === file.fillFrom ? file.storedWith : filled ? this.held!.names : undefined;
    const patched =
      names && file.at.every(([, name]) => sameLength(file.storedWith[name], file.values[name]))
        ? patch(target, file.at, file.values, names, held!, this.stamps, file.path)
        : false;
    if (patched !== false) {
      this.bytesWritten += patched;
      return;
    }
    const refilled = filledDataSync(file);
    this.bytesWritten += refilled.byteLength;
    if ((filled || held?.key === file.fillFrom) && overwrite(target, refilled)) return;
    writeFileAtomically(target, refilled);
  }

  /** Removes a file, and the folders it leaves empty (a deleted post's `blog/<slug>/`), up to out/. */
  async remove(relPath: string): Promise<void> {
    const target = this.target(relPath);
    await rm(target, { force: true });
    for (let dir = dirname(target); dir.startsWith(this.outDir + '/'); dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch (error) {
        // Not empty (other files, or a sibling's removal still under way): it stays. Gone: a sibling took it.
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOENT') break;
        throw error;
      }
    }
  }

  private target(relPath: string): string {
    const target = resolve(this.outDir, relPath);
    if (!target.startsWith(this.outDir + '/')) throw internalError(`refusing to write outside the output folder: ${relPath}`);
    return target;
  }
}

/**
 * Writes a refilled page over its old copy, in place. A CSS edit renames the stylesheet in every
 * page: creating thousands of files and freeing the old ones took this disk 0.5–1 ms a file, and
 * writing over them 0.03 ms (synchronously: a thread pool round trip per call cost more than
 * the write). Only for a copy filled from the same cached page (the caller's check),
 * so the bytes that change are asset names: a request that reads the page meanwhile gets old or
 * new names, and the old assets are removed only after every page is written. Not when the file
 * is linked to the page cache (it would change the cached page) or its size would change.
 */
function overwrite(target: string, bytes: Uint8Array): boolean {
  return writeOwnCopy(
    target,
    (stats) => stats.size === bytes.byteLength,
    (fd) => {
      for (let at = 0; at < bytes.byteLength;) at += writeSync(fd, bytes, at, bytes.byteLength - at, at);
      return true;
    },
  );
}

/**
 * Writes `values` into a page out/ holds filled with `names`, only where they differ: a CSS edit
 * renames the stylesheet in every page, and reading each cached page to write all of it again was
 * two thirds of such a save. The positions `at` hold when no name changes length (content hashes
 * of fixed size). The page must be out/'s own copy (never the page cache's file), with the size
 * and mtime the last build recorded, so nothing changed it since. The bytes written (and its new
 * stamp put in `stamps`), or false.
 */
function patch(
  target: string,
  at: SlotPositions,
  values: Readonly<Record<string, string>>,
  names: Readonly<Record<string, string>>,
  held: HeldFile,
  stamps: Map<string, [number, number]>,
  path: string,
): number | false {
  if (!at.every(([, name]) => sameLength(names[name], values[name]))) return false;
  return writeOwnCopy(
    target,
    (stats) => stats.size === held.size && stats.mtimeMs === held.mtimeMs,
    (fd) => {
      let bytes = 0;
      for (const [offset, name] of at) if (values[name] !== names[name]) bytes += writeSync(fd, values[name]!, offset, 'utf8');
      const written = fstatSync(fd);
      stamps.set(path, [written.size, written.mtimeMs]);
      return bytes;
    },
  );
}

/** Runs `write` on out/'s own copy of a file (never one linked to the page cache) when `expected` holds of it; else false. */
function writeOwnCopy<T>(target: string, expected: (stats: Stats) => boolean, write: (fd: number) => T): T | false {
  let fd: number;
  try {
    fd = openSync(target, 'r+');
  } catch {
    return false;
  }
  try {
    const stats = fstatSync(fd);
    return stats.nlink === 1 && expected(stats) ? write(fd) : false;
  } finally {
    closeSync(fd);
  }
}

const sameLength = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && Buffer.byteLength(a) === Buffer.byteLength(b);

/** Swaps one file of the live out/ atomically: a link (or copy) beside it, then a rename over it. */
function linkBeside(source: string, target: string): void {
  const temp = tempBeside(target);
  try {
    linkSync(source, temp);
  } catch {
    copyFileSync(source, temp);
  }
  try {
    renameSync(temp, target);
  } finally {
    // When temp and target are already links to one file (a cached page rewritten in place),
    // rename() succeeds without removing temp: it must not stay in out/.
    rmSync(temp, { force: true });
  }
}

/** Runs `write`, making the target's folder first if it fails for want of it (a rebuild rewrites files of folders that exist). */
function inFolder(target: string, write: () => void): void {
  try {
    write();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dirname(target), { recursive: true });
    write();
  }
}
