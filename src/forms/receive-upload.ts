import { randomBytes } from 'node:crypto';
import { createWriteStream, readdirSync, renameSync, rmSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';

export { DEFAULT_UPLOADS_DIR } from './defaults.ts';

export interface ReceivedFile {
  /** Where the bytes are while the lead is not stored: `<storedName>.<pid>.partial`, so a crash leaves a name the next start recognises. */
  path: string;
  storedName: string;
  originalName: string;
  size: number;
  /** The type read from the file's own bytes; the name and the browser's claim are not trusted. */
  mime: string;
}

export type ReceiveResult = { kind: 'file'; file: ReceivedFile } | { kind: 'empty' } | { kind: 'tooLarge' };

/**
 * Streams one uploaded file to `dir` under a random name, flushed to disk before it counts as
 * received, then reads its real type from its bytes. Never keeps a partial file.
 */
export async function receiveUpload(options: {
  stream: Readable & { truncated?: boolean };
  filename: string | undefined;
  dir: string;
}): Promise<ReceiveResult> {
  const storedName = randomBytes(16).toString('hex');
  const path = join(options.dir, partialName(storedName));
  let size = 0;
  options.stream.on('data', (chunk: Buffer) => (size += chunk.length));
  const file = createWriteStream(path, { flags: 'wx', mode: 0o600, flush: true });
  try {
    await pipeline(options.stream, file);
  } catch (error) {
    // Cut off before its open finished, the file is created after pipeline gives up: wait for it.
    if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
    await rm(path, { force: true });
    throw error;
  }
  if (options.stream.truncated) {
    await rm(path, { force: true });
    return { kind: 'tooLarge' };
  }
  // A file input left empty still sends a part, with no name and no bytes.
  if (size === 0) {
    await rm(path, { force: true });
    return { kind: 'empty' };
  }
  await syncDirectory(options.dir);
  const type = await fileTypeFromFile(path);
  return { kind: 'file', file: { path, storedName, originalName: cleanFilename(options.filename), size, mime: type?.mime ?? 'application/octet-stream' } };
}

const partialName = (storedName: string) => `${storedName}.${process.pid}.partial`;
const PARTIAL = /^([0-9a-f]{32})\.(\d+)\.partial$/;

/**
 * Gives a received file its stored name once its lead row is committed. Synchronous on purpose: no
 * delivery may run between the commit and the rename and look for the file under its final name.
 */
export function commitUpload(file: ReceivedFile, dir: string): void {
  renameSync(file.path, join(dir, file.storedName));
}

/**
 * At start: files a process that no longer runs was receiving (killed mid-upload, or between the
 * lead's commit and the rename). A file whose lead was stored gets its name; any other is personal
 * data with no lead to belong to, and is removed. Another live process's uploads are left alone.
 */
export function sweepUploads(dir: string, isStored: (storedName: string) => boolean): { kept: number; removed: number } {
  let kept = 0;
  let removed = 0;
  for (const name of readdirSync(dir)) {
    const match = PARTIAL.exec(name);
    if (!match || (Number(match[2]) !== process.pid && processRuns(Number(match[2])))) continue;
    if (isStored(match[1]!)) {
      renameSync(join(dir, name), join(dir, match[1]!));
      kept++;
    } else {
      rmSync(join(dir, name), { force: true });
      removed++;
    }
  }
  return { kept, removed };
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The new name must survive a power cut along with the bytes (ext4 and friends need the directory synced too). */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Only the base name, without control characters; it is shown to people, never used as a path. */
export function cleanFilename(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return (base || 'upload').slice(0, 255);
}
