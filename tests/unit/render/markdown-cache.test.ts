import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashBody, type MarkdownSource } from '../../../src/content/markdown-source.ts';
import { MarkdownCache, markdownCacheDir, markdownCacheFile } from '../../../src/render/markdown-cache.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A post on disk and its source, as the content stage hands it to the render. */
function post(body: string): { cacheDir: string; source: MarkdownSource } {
  const dir = mkdtempSync(join(tmpdir(), 'agency-markdown-cache-'));
  dirs.push(dir);
  const front = '---\ntitle: Queues\n---\n';
  writeFileSync(join(dir, 'post.md'), front + body);
  const source = {
    file: 'site/blog/en/post.md',
    path: join(dir, 'post.md'),
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
});
