import { describe, expect, it } from 'vitest';
import { GROUPS, groupOf, invalidationPaths, planDeploy, type LocalFile } from '../../../src/deploy/index.ts';
import { fileHeaders } from '../../../src/node/cache-policy.ts';

const file = (path: string, md5: string, hashed = false): LocalFile => ({
  path,
  md5,
  size: 10,
  hashed,
  group: groupOf(path, hashed),
  ...fileHeaders(`/${path}`, new Set(hashed ? [`/${path}`] : [])),
});
const now = new Date('2026-03-10T12:00:00Z');
const base = { now, keepAssetsDays: 7, maxDeletes: 256 };

describe('planDeploy', () => {
  it('uploads in the order that never serves a broken page', () => {
    const local = [
      file('sw.js', 'a'),
      file('index.html', 'b'),
      file('page-data/app-data.json', 'c'),
      file('page-data/index/page-data.json', 'd'),
      file('page-data/sq/d/123.json', 'e', true),
      file('slice-data/navbar-en.json', 'f'),
      file('assets/runtime.MMVYJIJM.js', 'g', true),
      file('assets/images/team.0a1b2c.480.webp', 'h', true),
      file('favicon.svg', 'i'),
      file('sitemap.xml', 'j'),
    ];
    const plan = planDeploy({ ...base, local, remote: [], state: undefined });
    expect(plan.groups.map((g) => [g.group, g.files.map((f) => f.path).sort()])).toEqual([
      ['assets', ['assets/images/team.0a1b2c.480.webp', 'assets/runtime.MMVYJIJM.js', 'favicon.svg']],
      ['data', ['page-data/sq/d/123.json', 'slice-data/navbar-en.json']],
      ['page-data', ['page-data/index/page-data.json']],
      ['pages', ['index.html', 'sitemap.xml']],
      ['app-data', ['page-data/app-data.json']],
      ['service-worker', ['sw.js']],
    ]);
    expect(GROUPS).toEqual(plan.groups.map((g) => g.group));
  });

  it('skips files whose ETag is their MD5, keeps old hashed assets until they expire, and deletes the rest', () => {
    const local = [file('index.html', 'aaa'), file('assets/app.NEW12345.js', 'bbb', true)];
    const remote = [
      { path: 'index.html', etag: '"AAA"' },
      { path: 'assets/app.OLD12345.js', etag: '"ccc"' },
      { path: 'assets/app.ANCIENT1.js', etag: '"ddd"' },
      { path: 'old-page/index.html', etag: '"eee"' },
    ];
    const state = {
      version: 1 as const,
      assets: { 'assets/app.OLD12345.js': '2026-03-05T00:00:00.000Z', 'assets/app.ANCIENT1.js': '2026-03-01T00:00:00.000Z' },
    };
    const plan = planDeploy({ ...base, local, remote, state });
    expect(plan.unchanged).toBe(1);
    expect(plan.groups.flatMap((g) => g.files.map((f) => f.path))).toEqual(['assets/app.NEW12345.js']);
    expect(plan.kept).toEqual([{ path: 'assets/app.OLD12345.js', until: '2026-03-12T00:00:00.000Z' }]);
    expect(plan.deletes).toEqual(['assets/app.ANCIENT1.js', 'old-page/index.html']);
    expect(plan.state.assets).toEqual({ 'assets/app.NEW12345.js': now.toISOString(), 'assets/app.OLD12345.js': '2026-03-05T00:00:00.000Z' });
    expect(plan.invalidate).toEqual(['/old-page/', '/old-page/index.html']);
  });

  it('refuses more deletions than --max-deletes, naming the count', () => {
    const remote = Array.from({ length: 5 }, (_, i) => ({ path: `gone-${i}.html`, etag: '"x"' }));
    expect(() => planDeploy({ ...base, maxDeletes: 4, local: [file('index.html', 'a')], remote, state: undefined })).toThrow(
      'would delete 5 files, more than --max-deletes 4',
    );
  });
});

describe('invalidationPaths', () => {
  it('names each changed page while few, then groups by top folder, then everything', () => {
    expect(invalidationPaths(['index.html', 'es/blog/hola/index.html', 'page-data/es/blog/hola/page-data.json'])).toEqual([
      '/',
      '/es/blog/hola/',
      '/es/blog/hola/index.html',
      '/index.html',
      '/page-data/es/blog/hola/page-data.json',
    ]);
    const many = Array.from({ length: 30 }, (_, i) => `blog/post-${i}/index.html`).concat(['es/index.html', 'sitemap.xml']);
    expect(invalidationPaths(many)).toEqual(['/blog/*', '/es/*', '/sitemap.xml']);
    const scattered = Array.from({ length: 30 }, (_, i) => `section-${i}/index.html`);
    expect(invalidationPaths(scattered)).toEqual(['/*']);
  });
});
