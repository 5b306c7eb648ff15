import { readdir, readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders, serveSite } from '../../src/serve/index.ts';
import { cacheRules, IMMUTABLE, NO_STORE, REVALIDATE } from '../../src/node/cache-policy.ts';
import { buildFixture, copyFixture } from '../support/fixture.ts';

let fixture: Awaited<ReturnType<typeof copyFixture>>;
let server: Server;
let base: string;

/** What a Netlify-style host sends for `path`: every matching rule's cache-control (`*` matches across folders). */
function hostCacheControl(headersFile: string, path: string): string[] {
  const found: string[] = [];
  let matches = false;
  for (const line of headersFile.split('\n')) {
    if (line && !line.startsWith(' ')) {
      const pattern = new RegExp(`^${line.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
      matches = pattern.test(path);
    } else if (matches && line.trim().startsWith('cache-control:')) found.push(line.trim().slice('cache-control:'.length).trim());
  }
  return found;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(fixture.out.length));
}

beforeAll(async () => {
  fixture = await copyFixture('basic');
  await buildFixture(fixture);
  const site = await serveSite({ outDir: fixture.out, port: 0, host: '127.0.0.1', locales: ['en', 'es'], headers: securityHeaders() });
  server = site.server;
  base = site.url.replace(/\/$/, '');
}, 120_000);
afterAll(async () => {
  server?.close();
  await fixture?.cleanup();
});

describe('one cache rule for serve and _headers', () => {
  it('caches every file under assets/ forever, in serve and in _headers alike (base32 esbuild hashes included)', async () => {
    const headersFile = await readFile(join(fixture.out, '_headers'), 'utf8');
    const assets = await filesUnder(join(fixture.out, 'assets'));
    expect(assets.some((p) => /^\/assets\/runtime\.[A-Z0-9]{8}\.js$/.test(p))).toBe(true);
    expect(assets.some((p) => p.startsWith('/assets/chunks/'))).toBe(true);
    expect(assets.some((p) => p.startsWith('/assets/images/'))).toBe(true);
    for (const path of assets) {
      const res = await fetch(base + path);
      await res.arrayBuffer();
      expect([path, res.headers.get('cache-control')]).toEqual([path, IMMUTABLE]);
      expect([path, hostCacheControl(headersFile, path)]).toEqual([path, [IMMUTABLE]]);
    }
  });

  it('gives every other file the same policy in serve and _headers: pages and page-data revalidate, sw.js is not stored', async () => {
    const headersFile = await readFile(join(fixture.out, '_headers'), 'utf8');
    const others = (await filesUnder(fixture.out)).filter((p) => !p.startsWith('/assets/') && !p.endsWith('.html'));
    const seen = new Set<string>();
    for (const path of others) {
      const res = await fetch(base + path);
      await res.arrayBuffer();
      const served = res.headers.get('cache-control')!;
      const host = hostCacheControl(headersFile, path);
      // No rule at all means the host's default, which is revalidate on Netlify and Cloudflare Pages.
      expect([path, host.length <= 1 ? (host[0] ?? REVALIDATE) : host]).toEqual([path, served]);
      seen.add(`${path.split('/')[1]}:${served}`);
    }
    expect(seen).toContain(`sw.js:${NO_STORE}`);
    expect(seen).toContain(`page-data:${REVALIDATE}`);
    // sq/d files are named by locale (Gatsby's query hashes), so they revalidate like page-data.
    expect(seen).not.toContain(`page-data:${IMMUTABLE}`);
    expect(seen).toContain(`og:${IMMUTABLE}`);
    const page = await fetch(`${base}/es/`);
    expect(page.headers.get('cache-control')).toBe(REVALIDATE);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('lists a file one by one when its folder also holds files that change in place', () => {
    const paths = [
      '/index.html',
      '/assets/app.ABCD1234.js',
      '/assets/logo.svg',
      '/page-data/sq/d/1.json',
      '/page-data/sq/d/2.json',
      '/page-data/index/page-data.json',
      '/sw.js',
    ];
    const hashed = new Set(['/assets/app.ABCD1234.js', '/page-data/sq/d/1.json', '/page-data/sq/d/2.json']);
    expect(cacheRules(paths, hashed)).toEqual([
      { pattern: '/assets/app.ABCD1234.js', cacheControl: IMMUTABLE },
      { pattern: '/page-data/sq/*', cacheControl: IMMUTABLE },
      { pattern: '/sw.js', cacheControl: NO_STORE },
    ]);
  });
});
