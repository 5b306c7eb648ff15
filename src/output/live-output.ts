import { closeSync, fstatSync, openSync, writeSync } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { OutputFile } from './build-manifest.ts';
import { filledData, filledDataSync, type FilledFile } from './filled-file.ts';
import { internalError } from '../errors/index.ts';

/**
 * Changes a live out/ file by file: each file is written or linked beside its target and renamed
 * over it, so a server never reads half a file (in watch, a page whose asset names alone change
 * is overwritten in place: see `overwrite`). `serve --watch` uses it for every rebuild, and
 * `agency-site build` when only a few files changed; larger builds stage and swap the folder.
 */
export class LiveOutput {
  readonly outDir: string;
  bytesWritten = 0;
  filesWritten = 0;

  /**
   * `heldKey` (serve --watch): out/'s key of a file before this build. A page that out/ holds as its own
   * copy of a cached page, filled with other asset names, is then overwritten where it is when its
   * size stays the same (see `overwrite`).
   */
  constructor(
    outDir: string,
    private readonly heldKey?: (path: string) => string | undefined,
  ) {
    this.outDir = resolve(outDir);
  }

  async put(file: OutputFile): Promise<void> {
    const target = this.target(file.path);
    if ('linkFrom' in file) {
      await inFolder(target, () => replaceInPlace(file.linkFrom, target));
      this.bytesWritten += file.bytes;
    } else {
      if ('fillFrom' in file && (await this.refillInPlace(file, target))) return;
      const data = 'fillFrom' in file ? await filledData(file) : file.data;
      const temp = tempBeside(target);
      // The folder is made only when missing: a rebuild rewrites files of folders that exist.
      await inFolder(target, () => writeFile(temp, data));
      await rename(temp, target).catch(async (error: unknown) => {
        await rm(temp, { force: true });
        throw error;
      });
      this.bytesWritten += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    }
    this.filesWritten++;
  }

  /** Watch: a page out/ holds as its own copy refilled from the same cached page, written over where it is (`overwrite`). */
  private async refillInPlace(file: FilledFile, target: string): Promise<boolean> {
    if (!this.heldKey?.(file.path)?.startsWith(`fill:${basename(file.fillFrom)}:`)) return false;
    const refilled = filledDataSync(file);
    if (!overwrite(target, refilled)) return false;
    this.bytesWritten += refilled.byteLength;
    this.filesWritten++;
    // Synchronous, so the server (same thread) gets a turn every few dozen files.
    if (this.filesWritten % 32 === 0) await new Promise(setImmediate);
    return true;
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
  let fd: number;
  try {
    fd = openSync(target, 'r+');
  } catch {
    return false;
  }
  try {
    const stats = fstatSync(fd);
    if (stats.nlink !== 1 || stats.size !== bytes.byteLength) return false;
    for (let at = 0; at < bytes.byteLength;) at += writeSync(fd, bytes, at, bytes.byteLength - at, at);
    return true;
  } finally {
    closeSync(fd);
  }
}

/** Swaps one file of the live out/ atomically: a link (or copy) beside it, then a rename over it. */
export async function replaceInPlace(source: string, target: string): Promise<void> {
  const temp = tempBeside(target);
  await link(source, temp).catch(() => copyFile(source, temp));
  await renameOver(temp, target);
}

/** Runs `write`, making the target's folder first if it fails for want of it. */
async function inFolder(target: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dirname(target), { recursive: true });
    await write();
  }
}

const tempBeside = (target: string) => join(dirname(target), `.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`);

async function renameOver(temp: string, target: string): Promise<void> {
  try {
    await rename(temp, target);
  } finally {
    // When temp and target are already links to one file (a cached page rewritten in place),
    // rename() succeeds without removing temp: it must not stay in out/.
    await rm(temp, { force: true });
  }
}
