import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import type { Output } from './output.ts';
import { internalError } from '../errors/index.ts';

/**
 * An Output in memory: what the build would publish, by path in out/ (`es/blog/index.html`),
 * readable once committed. Nothing under out/ is read or written; the caches still live on disk.
 */
export class MemoryOutput implements Output {
  bytesWritten = 0;
  filesWritten = 0;
  private staged = new Map<string, Buffer>();
  private published = new Map<string, Buffer>();

  async write(relPath: string, data: string | Uint8Array): Promise<void> {
    this.put(relPath, typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data));
  }

  async linkFrom(relPath: string, source: string): Promise<void> {
    this.put(relPath, await readFile(source));
  }

  async commit(): Promise<void> {
    this.published = this.staged;
    this.staged = new Map();
  }

  async abort(): Promise<void> {
    this.staged = new Map();
  }

  /** Paths of the published files, sorted. */
  paths(): string[] {
    return [...this.published.keys()].sort();
  }

  has(relPath: string): boolean {
    return this.published.has(relPath);
  }

  /** A published file's bytes; an error naming the path when the build did not publish it. */
  read(relPath: string): Buffer {
    const data = this.published.get(relPath);
    if (!data) throw internalError(`the build published no ${relPath} (MemoryOutput)`);
    return data;
  }

  text(relPath: string): string {
    return this.read(relPath).toString('utf8');
  }

  private put(relPath: string, data: Buffer): void {
    const path = posix.normalize(relPath);
    if (path.startsWith('../') || path === '..' || posix.isAbsolute(path)) throw internalError(`refusing to write outside the output folder: ${relPath}`);
    this.staged.set(path, data);
    this.bytesWritten += data.byteLength;
    this.filesWritten++;
  }
}
