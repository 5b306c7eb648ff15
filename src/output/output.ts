/**
 * Where a build's files go. StagedOutput writes a staging folder and swaps it into out/;
 * MemoryOutput keeps them in memory, so a test can build a site and read what it would publish
 * without out/ on disk. `commit` publishes what was written, `abort` drops it.
 */
export interface Output {
  readonly filesWritten: number;
  readonly bytesWritten: number;
  write(relPath: string, data: string | Uint8Array): Promise<void>;
  /** A file of the cache, put in place by its path (a hard link on disk; its bytes in memory). */
  linkFrom(relPath: string, source: string, bytes: number): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}
