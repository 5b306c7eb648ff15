import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMarkdownBody, type MarkdownSource } from '../content/index.ts';
import { markdownToHast, type MarkdownResult } from '../markdown/index.ts';
import { contentHash } from '../node/hash.ts';
import { MARKDOWN_VERSION } from './markdown-version.ts';

/**
 * The parser's version is part of the folder name, so upgrading it never serves stale trees; so
 * are the embed hosts, which decide what an iframe becomes. A result keeps its warnings, so a
 * post parsed by an earlier build still reports what its raw HTML lost.
 */
export function markdownCacheDir(cacheDir: string, embedHosts: readonly string[]): string {
  return join(cacheDir, embedHosts.length ? `${MARKDOWN_VERSION}-${contentHash(...embedHosts).slice(0, 12)}` : MARKDOWN_VERSION);
}

/** Relative paths in the body resolve against its folder: the same text elsewhere is another tree. */
export function markdownCacheFile(dir: string, source: Pick<MarkdownSource, 'hash' | 'dir'>): string {
  return join(dir, `${source.dir === '/' ? source.hash : contentHash(source.hash, source.dir)}.json`);
}

/** Parsed markdown on disk, keyed by the hash of the text: a file is parsed once, ever, until it changes. */
export class MarkdownCache {
  private readonly dir: string;
  hits = 0;
  misses = 0;

  constructor(
    cacheDir: string,
    private readonly constants: Record<string, unknown>,
    private readonly embedHosts: readonly string[] = [],
  ) {
    this.dir = markdownCacheDir(cacheDir, embedHosts);
    mkdirSync(this.dir, { recursive: true });
  }

  get(source: MarkdownSource): MarkdownResult {
    const file = markdownCacheFile(this.dir, source);
    try {
      const cached = JSON.parse(readFileSync(file, 'utf8')) as MarkdownResult;
      this.hits++;
      return cached;
    } catch {
      const result = markdownToHast(readMarkdownBody(source, this.constants), source.file, source.bodyLine, source.dir, { embedHosts: this.embedHosts });
      this.misses++;
      writeFileSync(file, JSON.stringify(result));
      return result;
    }
  }
}
