import * as fs from 'node:fs';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { receiveUpload } from '../../../src/forms/receive-upload.ts';

// A disk under load: the upload's file opens 30 ms late, as a busy thread pool may make it.
vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  const slowOpen = (...args: Parameters<typeof real.open>) => void setTimeout(() => (real.open as (...a: unknown[]) => void)(...args), 30);
  // fsync is not in Node's type for this option, but a stream opened with `flush` calls it.
  const lateFs = { open: slowOpen, write: real.write, writev: real.writev, close: real.close, fsync: real.fsync } as NonNullable<
    Parameters<typeof real.createWriteStream>[1] & object
  >['fs'];
  return {
    ...real,
    createWriteStream: (path: fs.PathLike, options: Record<string, unknown>) => real.createWriteStream(path, { ...options, fs: lateFs }),
  };
});

describe('receiveUpload', () => {
  // Each test's folder goes after it: a suite run left four behind in the system's temp folder.
  const dirs: string[] = [];
  const tempDir = () => {
    dirs.push(mkdtempSync(join(tmpdir(), 'receive-')));
    return dirs.at(-1)!;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  // The form cuts an upload off (a second file, a body over the limit) before its file on disk is
  // open: the open that finishes afterwards must not leave a partial file behind.
  it.each([0, 1, 2])('leaves no partial file when cut off %i ticks after it began, before its file is open', async (ticks) => {
    const dir = tempDir();
    const stream = new PassThrough();
    const received = receiveUpload({ stream, filename: 'cv.pdf', dir });
    stream.write(Buffer.from('%PDF-1.7\n'));
    for (let i = 0; i < ticks; i++) await new Promise((r) => setImmediate(r));
    stream.destroy(new Error('too many files'));
    await expect(received).rejects.toThrow('too many files');
    await new Promise((r) => setTimeout(r, 80));
    expect(readdirSync(dir)).toEqual([]);
  });

  it('still receives a whole file through the late open', async () => {
    const dir = tempDir();
    const stream = new PassThrough();
    const received = receiveUpload({ stream, filename: 'cv.pdf', dir });
    stream.end(Buffer.from('%PDF-1.7\nbody'));
    const result = await received;
    expect(result.kind).toBe('file');
    expect(readdirSync(dir)).toHaveLength(1);
  });
});
