import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashBody, type MarkdownSource } from '../../../src/content/markdown-source.ts';
import { MarkdownCache, markdownCacheDir, markdownCacheFile } from '../../../src/render/markdown-cache.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A post on disk and its source, as the content stage hands it to the render. */
function post(body: string, dir = mkdtempSync(join(tmpdir(), 'agency-markdown-cache-')), name = 'post'): { cacheDir: string; source: MarkdownSource } {
  if (!dirs.includes(dir)) dirs.push(dir);
  const front = '---\ntitle: Queues\n---\n';
  writeFileSync(join(dir, `${name}.md`), front + body);
  const source = {
    file: `site/blog/en/${name}.md`,
    path: join(dir, `${name}.md`),
    bodyOffset: front.length,
    bodyLine: 4,
    dir: '/',
    hash: hashBody(body),
    images: [],
  };
  return { cacheDir: join(dir, '.cache'), source };
}

const BODY = '## Retries\n\nA job that fails is **retried** with backoff.\n\n```js\nawait queue.add(job);\n```\n';

describe('the parsed-post cache', () => {
  it('parses a body once, and hands back its tree with the JSON text page-data splices in', () => {
    const { cacheDir, source } = post(BODY);
    const first = new MarkdownCache(cacheDir, {});
    const parsed = first.get(source);
    expect(first.misses).toBe(1);
    expect(parsed.hastJson).toBe(JSON.stringify(parsed.result.hast));
    expect(parsed.result.headings).toEqual([{ depth: 2, id: 'retries', text: 'Retries' }]);

    const again = new MarkdownCache(cacheDir, {});
    const cached = again.get(source);
    expect({ hits: again.hits, misses: again.misses }).toEqual({ hits: 1, misses: 0 });
    expect(cached.hastJson).toBe(parsed.hastJson);
    expect(cached.result).toEqual(parsed.result);
  });

  it('parses again, and replaces, a file of the one-line shape earlier versions wrote, or a damaged one', () => {
    const { cacheDir, source } = post(BODY);
    const parsed = new MarkdownCache(cacheDir, {}).get(source);
    const file = markdownCacheFile(markdownCacheDir(cacheDir, []), source);
    for (const stale of [JSON.stringify(parsed.result), `${parsed.hastJson}\n{"headings":`]) {
      writeFileSync(file, stale);
      const cache = new MarkdownCache(cacheDir, {});
      expect(cache.get(source).result).toEqual(parsed.result);
      expect(cache.misses).toBe(1);
      expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(parsed.hastJson);
    }
    expect(readdirSync(markdownCacheDir(cacheDir, []))).toHaveLength(1);
  });

  it('reads only the files it listed once it has parsed two bodies, and finds those it wrote since', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agency-markdown-cache-'));
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => post(`${BODY}\nAbout ${name}.\n`, dir, name));
    const { cacheDir } = a!;
    // Parsed by an earlier build: on disk before the listing.
    new MarkdownCache(cacheDir, {}).get(c!.source);
    const cache = new MarkdownCache(cacheDir, {});
    cache.get(a!.source);
    cache.get(b!.source);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 0, misses: 2 });
    expect(cache.get(c!.source).result.headings).toEqual([{ depth: 2, id: 'retries', text: 'Retries' }]);
    cache.get(d!.source);
    cache.get(d!.source);
    cache.get(a!.source);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 3, misses: 3 });
    // Written by another worker after the listing: parsed again here, the same tree.
    const late = post(`${BODY}\nAbout e.\n`, dir, 'e');
    const other = new MarkdownCache(cacheDir, {}).get(late.source);
    expect(cache.get(late.source).hastJson).toBe(other.hastJson);
    expect(cache.misses).toBe(4);
  });
});
