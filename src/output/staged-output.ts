import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Output } from './output.ts';
import { internalError } from '../errors/index.ts';
import { cacheFileError } from './filled-file.ts';

/** Staging folders of this process not yet swapped in or removed: what an interrupted build leaves. */
const openStagingDirs = new Set<string>();

/** Removes this process's staging folders at once (Ctrl-C during a build): nothing half-written stays beside out/. */
export function removeOpenStagingDirs(): void {
  // A folder creation already queued in libuv's threadpool can make the folder again right after
  // it was removed (seen on Node 20): remove, let the queued operations finish, remove again. The
  // main thread stays blocked meanwhile, so no write chain can start anew.
  for (let round = 0; round < 3; round++) {
    for (const dir of openStagingDirs) {
      try {
        // A write landing mid-removal gives ENOTEMPTY: retried here, and the next round catches the rest.
        rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 10 });
      } catch {
        // The next round, or the next build (it removes staging folders of dead processes), finishes it.
      }
    }
    if (round < 2) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
  }
  openStagingDirs.clear();
}

/**
 * The only writer of out/. Files go to a staging folder beside out/; `commit` swaps it in,
 * `abort` removes it, so a failed build leaves the previous out/ exactly as it was.
 */
export class StagedOutput implements Output {
  readonly outDir: string;
  readonly stagingDir: string;
  bytesWritten = 0;
  filesWritten = 0;
  private readonly madeDirs = new Set<string>();
  /** Writes under way: `abort` waits for them, or removing the folder races them (ENOTEMPTY) and hides the real error. */
  private readonly inFlight = new Set<Promise<void>>();
  private aborted = false;

  constructor(outDir: string) {
    this.outDir = resolve(outDir);
    this.stagingDir = join(dirname(this.outDir), `.${basename(this.outDir)}.staging-${process.pid}-${randomBytes(4).toString('hex')}`);
  }

  private async ensureDir(dir: string): Promise<void> {
    if (this.madeDirs.has(dir)) return;
    openStagingDirs.add(this.stagingDir);
    await mkdir(dir, { recursive: true });
    this.madeDirs.add(dir);
  }

  /** Runs one write, known to `abort` while it runs; none starts once the output was aborted. */
  private track(write: () => Promise<void>): Promise<void> {
    if (this.aborted) return Promise.reject(internalError('a file was written after the build was aborted'));
    const running = write();
    const settled = running.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
    return running;
  }

  write(relPath: string, data: string | Uint8Array): Promise<void> {
    return this.track(() => this.writeNow(relPath, data));
  }

  private async writeNow(relPath: string, data: string | Uint8Array): Promise<void> {
    const target = this.target(relPath);
    await this.ensureDir(dirname(target));
    await writeFile(target, data);
    this.bytesWritten += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    this.filesWritten++;
  }

  /** Puts a cached file in place without copying its bytes (hard link; copy across devices). */
  linkFrom(relPath: string, source: string, bytes: number): Promise<void> {
    return this.track(() => this.linkNow(relPath, source, bytes));
  }

  private async linkNow(relPath: string, source: string, bytes: number): Promise<void> {
    const target = this.target(relPath);
    await this.ensureDir(dirname(target));
    try {
      await link(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV' && (error as NodeJS.ErrnoException).code !== 'EPERM') throw cacheFileError(error, source);
      await copyFile(source, target);
    }
    this.bytesWritten += bytes;
    this.filesWritten++;
  }

  async commit(): Promise<void> {
    const old = `${this.stagingDir}.old`;
    let hadPrevious = true;
    try {
      await rename(this.outDir, old);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      hadPrevious = false;
    }
    try {
      await rename(this.stagingDir, this.outDir);
      openStagingDirs.delete(this.stagingDir);
    } catch (error) {
      if (hadPrevious) await rename(old, this.outDir);
      throw error;
    }
    if (hadPrevious) await removeInBackground(old);
  }

  async abort(): Promise<void> {
    this.aborted = true;
    while (this.inFlight.size) await Promise.all(this.inFlight);
    await rm(this.stagingDir, { recursive: true, force: true, maxRetries: 3 });
    openStagingDirs.delete(this.stagingDir);
  }

  /**
   * Staging folders of builds that were killed (their process is gone) are removed in the
   * background: a build that cannot clean up after itself is cleaned up after by the next one.
   */
  async removeStale(): Promise<void> {
    const parent = dirname(this.outDir);
    const pattern = new RegExp(`^\\.${escapeRegExp(basename(this.outDir))}\\.staging-(\\d+)-[0-9a-f]{8}(?:\\.old)?$`);
    const names = await readdir(parent).catch(() => [] as string[]);
    for (const name of names) {
      const pid = Number(pattern.exec(name)?.[1]);
      if (!pid || pid === process.pid || isAlive(pid)) continue;
      await removeInBackground(join(parent, name));
    }
  }

  private target(relPath: string): string {
    const target = resolve(this.stagingDir, relPath);
    if (!target.startsWith(this.stagingDir + '/')) throw internalError(`refusing to write outside the output folder: ${relPath}`);
    return target;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a process with this id runs (EPERM: it does, as another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The previous out/ is already out of the way when this runs; deleting tens of thousands of files
 * takes seconds on a slow disk, so on POSIX a detached `rm` does it after the build returns.
 */
async function removeInBackground(dir: string): Promise<void> {
  if (process.platform === 'win32') return rm(dir, { recursive: true, force: true });
  const child = spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' });
  child.on('error', () => void rm(dir, { recursive: true, force: true }));
  child.unref();
}
