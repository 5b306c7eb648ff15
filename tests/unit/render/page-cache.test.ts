import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { storeRenderedPage } from '../../../src/render/page-cache.ts';
import { cachedFilesOf } from '../../support/fixture.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('storeRenderedPage', () => {
  it('stores each file by its content, and keeps a file already holding the same bytes', () => {
    dir = mkdtempSync(join(tmpdir(), 'agency-site-page-cache-'));
    const files = storeRenderedPage(dir, ['<p>Hola</p>', '{"path":"/es/"}', '{"islands":[]}']);
    const paths = cachedFilesOf(dir, files);
    expect([paths.html, paths.pageData, paths.islandsData].map((p) => readFileSync(p!, 'utf8'))).toEqual(['<p>Hola</p>', '{"path":"/es/"}', '{"islands":[]}']);
    // Stamped in the past: a write would move the mtime.
    utimesSync(paths.pageData, 1, 1);
    const kept = statSync(paths.pageData);
    // Another render of the page (a template edit): new HTML, the same page-data, no islands variant.
    const again = storeRenderedPage(dir, ['<p>Hola de nuevo</p>', '{"path":"/es/"}']);
    expect(again).toHaveLength(2);
    expect(again[0]).not.toBe(files[0]);
    expect(again[1]).toBe(files[1]);
    const after = statSync(cachedFilesOf(dir, again).pageData);
    expect([after.ino, after.mtimeMs]).toEqual([kept.ino, kept.mtimeMs]);
  });

  it('writes a file again when what is there was cut short', () => {
    dir = mkdtempSync(join(tmpdir(), 'agency-site-page-cache-'));
    const files = storeRenderedPage(dir, ['<p>Hi</p>', '{"path":"/"}']);
    const { pageData } = cachedFilesOf(dir, files);
    truncateSync(pageData, 3);
    storeRenderedPage(dir, ['<p>Hi</p>', '{"path":"/"}']);
    expect(readFileSync(pageData, 'utf8')).toBe('{"path":"/"}');
  });
});
