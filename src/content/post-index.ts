import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from '../node/write-atomically.ts';

/** What a post's entry is checked against: a stat of its file, or the stamp the build took of it. */
export type FileStamp = { size: number; mtimeMs: number; ctimeMs: number; ino: number };

/**
 * What a markdown file's parse produced (front matter, body offset, hash), kept between builds and
 * reused while the file's size, mtime, ctime and inode are unchanged: a warm build stats a post
 * instead of reading and parsing it. ctime cannot be set back by tools that preserve mtime, so an
 * edited file always misses. Entries also depend on the constants (resolved in bodies).
 */
export class PostIndex<T> {
  private readonly file: string | undefined;
  private readonly previous: Record<string, { stamp: string; value: T }>;
  private readonly next: Record<string, { stamp: string; value: T }> = {};
  hits = 0;

  constructor(
    cacheDir: string | undefined,
    private readonly constantsHash: string,
  ) {
    this.file = cacheDir ? join(cacheDir, 'content-v3.json') : undefined;
    let previous = {};
    try {
      if (this.file) previous = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch {
      previous = {};
    }
    this.previous = previous;
  }

  private stamp(stats: FileStamp): string {
    return `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}:${this.constantsHash}`;
  }

  get(path: string, stats: FileStamp): T | undefined {
    const entry = this.previous[path];
    if (entry && entry.stamp === this.stamp(stats)) {
      this.hits++;
      this.next[path] = entry;
      return entry.value;
    }
    return undefined;
  }

  set(path: string, stats: FileStamp, value: T): void {
    this.next[path] = { stamp: this.stamp(stats), value };
  }

  /** Saved only after a successful content load; deleted files drop out. Written beside and renamed, never half-written. */
  save(): void {
    if (!this.file) return;
    writeFileAtomically(this.file, JSON.stringify(this.next));
  }
}
