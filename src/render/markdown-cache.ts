import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
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

/** A parsed body, with its tree as the JSON text the cache holds. */
export interface ParsedMarkdown {
  result: MarkdownResult;
  hastJson: string;
}

/** Parsed markdown on disk, keyed by the hash of the text: a file is parsed once, ever, until it changes. */
export class MarkdownCache {
  private readonly dir: string;
  hits = 0;
  misses = 0;
  /**
   * The folder's files, listed at the second miss: a build that parses many bodies (a cold one)
   * then skips a failed read for each, whose error cost a render worker 0.12 s. Files the other
   * worker writes later are not in it: a body both need (the same text twice) is parsed twice.
   */
  private listed?: Set<string>;

  constructor(
    cacheDir: string,
    private readonly constants: Record<string, unknown>,
    private readonly embedHosts: readonly string[] = [],
  ) {
    this.dir = markdownCacheDir(cacheDir, embedHosts);
    mkdirSync(this.dir, { recursive: true });
  }

  /**
   * The parsed body, and its tree's JSON: the page-data of the page that shows it takes that text
   * as it is (render-page.ts) instead of making it again. On disk, the tree's JSON on the first
   * line and the rest of the result on the second (JSON has no raw line breaks); a file of another
   * shape is parsed again and replaced.
   */
  get(source: MarkdownSource): ParsedMarkdown {
    const file = markdownCacheFile(this.dir, source);
    const cached = !this.listed || this.listed.has(basename(file)) ? readParsed(file) : undefined;
    if (cached) {
      this.hits++;
      return cached;
    }
    const result = markdownToHast(readMarkdownBody(source, this.constants), source.file, source.bodyLine, source.dir, { embedHosts: this.embedHosts });
    if (++this.misses === 2) this.listed = listing(this.dir);
    const { hast, ...rest } = result;
    const hastJson = JSON.stringify(hast);
    writeFileSync(file, `${hastJson}\n${JSON.stringify(rest)}`);
    this.listed?.add(basename(file));
    return { result, hastJson };
  }
}

/** The names in `dir`, or undefined (every read is then tried) when it cannot be listed. */
function listing(dir: string): Set<string> | undefined {
  try {
    return new Set(readdirSync(dir));
  } catch {
    return undefined;
  }
}

/** A cache file's parse, or undefined when it is missing, damaged or of another shape. */
function readParsed(file: string): ParsedMarkdown | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const cut = text.indexOf('\n');
  if (cut < 0) return undefined;
  const hastJson = text.slice(0, cut);
  try {
    return { result: { hast: JSON.parse(hastJson) as MarkdownResult['hast'], ...(JSON.parse(text.slice(cut + 1)) as Omit<MarkdownResult, 'hast'>) }, hastJson };
  } catch {
    return undefined;
  }
}
