import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMarkdownBody, type MarkdownSource } from '../content/index.ts';
import { markdownToHast, type MarkdownResult } from '../markdown/index.ts';
import { contentHash } from '../node/hash.ts';

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
    // The parser's version is part of the folder name, so upgrading it never serves stale trees;
    // so are the embed hosts, which decide what an iframe becomes. A result keeps its warnings,
    // so a post parsed by an earlier build still reports what its raw HTML lost.
    this.dir = join(cacheDir, embedHosts.length ? `markdown-v4-${contentHash(...embedHosts).slice(0, 12)}` : 'markdown-v4');
    mkdirSync(this.dir, { recursive: true });
  }

  get(source: MarkdownSource): MarkdownResult {
    // Relative paths in the body resolve against its folder: the same text elsewhere is another tree.
    const file = join(this.dir, `${source.dir === '/' ? source.hash : contentHash(source.hash, source.dir)}.json`);
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
