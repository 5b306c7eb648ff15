import { createServer, request, type Server } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/index.ts';
import { isForbiddenAddress, securityHeaders, serveSite } from '../../src/serve/index.ts';
import { ROOT } from '../support/fixture.ts';

let dir: string;
let server: Server;
let base: string;
let upstream: Server;
let upstreamUrl: string;

/** Raw HTTP, so paths reach the server exactly as written (fetch would normalize "..") . */
function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agency-site-serve-'));
  await buildSite({ siteDir: join(ROOT, 'site'), outDir: join(dir, 'out'), cacheDir: join(dir, '.cache') });
  // A local upstream plays the third party; only the unsafe test setting lets the proxy reach it.
  upstream = createServer((req, res) => {
    if (req.url === '/widget.js')
      res
        .writeHead(200, { 'content-type': 'application/javascript', 'set-cookie': 'upstream=1' })
        .end(`window.widgetCookie=${JSON.stringify(req.headers.cookie ?? null)};`);
    else if (req.url === '/redirect.js') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not a script</p>');
    else if (req.url === '/huge.js') res.writeHead(200, { 'content-type': 'application/javascript' }).end('x'.repeat(2 * 1024 * 1024));
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
  ({ server, url: base } = await serveSite({
    outDir: join(dir, 'out'),
    port: 0,
    host: '127.0.0.1',
    locales: ['en', 'es'],
    headers: securityHeaders({ analytics: { google: true, meta: true } }),
    proxy: {
      allowlist: [`${upstreamUrl}/widget.js`, `${upstreamUrl}/redirect.js`, `${upstreamUrl}/page.html`, `${upstreamUrl}/huge.js`],
      dangerouslyAllowLocalUpstreamForTests: true,
    },
  }));
});
afterAll(async () => {
  server?.close();
  upstream?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('serve', () => {
  it('sends the security headers, with no inline scripts allowed', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'[^;]*https:\/\/www\.googletagmanager\.com/);
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });

  it('writes the same headers into _headers and the allowlist into _redirects', async () => {
    const headers = await readFile(join(dir, 'out/_headers'), 'utf8');
    // The real site: analytics on, and the embed hosts of its site.yaml.
    const embedHosts = (yaml.load(await readFile(join(ROOT, 'site/site.yaml'), 'utf8')) as { embeds: { hosts: string[] } }).embeds.hosts;
    expect(headers).toContain(
      'content-security-policy: ' + securityHeaders({ analytics: { google: true, meta: true }, embedHosts })['content-security-policy'],
    );
    expect(headers).toContain('/assets/*\n  cache-control: public, max-age=31536000, immutable');
    expect(await readFile(join(dir, 'out/_redirects'), 'utf8')).toContain(
      '/__third-party-proxy url=https%3A%2F%2Fwidget.trustmary.com%2Freviews%2Fsouthbridge-dev.js https://widget.trustmary.com/reviews/southbridge-dev.js 200',
    );
  });

  it('caches hashed assets forever and revalidates HTML and page-data, with ETags', async () => {
    const css = (await readdir(join(dir, 'out/assets'))).find((f) => f.endsWith('.css'))!;
    expect((await get(`/assets/${css}`)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('/es/blog/');
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await get('/page-data/index/page-data.json')).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await get('/es/blog/', { 'if-none-match': String(page.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('compresses with brotli or gzip, precompressed CSS included', async () => {
    const plain = await get('/blog/');
    const br = await get('/blog/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await get('/blog/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const css = (await readdir(join(dir, 'out/assets'))).find((f) => f.endsWith('.css'))!;
    const cssBr = await get(`/assets/${css}`, { 'accept-encoding': 'br' });
    expect(cssBr.body.equals(await readFile(join(dir, 'out/assets', `${css}.br`)))).toBe(true);
  });

  it('answers unknown paths with the 404 page of their language', async () => {
    const en = await get('/no-such-page/');
    expect(en.status).toBe(404);
    expect(en.body.toString()).toContain('<html lang="en">');
    const es = await get('/es/no-existe/');
    expect(es.status).toBe(404);
    expect(es.body.toString()).toContain('<html lang="es">');
    expect(es.body.toString()).toContain('No encontramos esa página');
  });

  it.each([
    '/..%2f..%2f..%2fetc%2fpasswd',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/..%5c..%5cetc%5cpasswd',
    '/es/..%2f..%2f..%2f..%2fetc/passwd',
    '/%00',
    '/index.html%00.css',
    '/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
    `/${'a'.repeat(2000)}`,
    '/%',
  ])('never serves a file outside out/ for %s', async (path) => {
    const res = await get(path);
    expect([400, 404]).toContain(res.status);
    expect(res.body.toString()).not.toContain('root:');
  });

  it('rejects methods other than GET and HEAD', async () => {
    expect((await get('/', {}, 'DELETE')).status).toBe(405);
    expect((await get('/', {}, 'HEAD')).status).toBe(200);
  });
});

describe('the third-party proxy', () => {
  const proxied = (url: string) => `/__third-party-proxy?url=${encodeURIComponent(url)}`;

  it('fetches an allowlisted script without the visitor cookies and caches it briefly', async () => {
    const res = await get(proxied(`${upstreamUrl}/widget.js`), { cookie: 'session=secret', authorization: 'Bearer x' });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('window.widgetCookie=null;');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    expect((await get(proxied(`${upstreamUrl}/widget.js`))).headers['x-proxy-cache']).toBe('hit');
  });

  it.each([
    ['a URL not on the allowlist', () => proxied(`${upstreamUrl}/other.js`)],
    ['a prefix of an allowlisted URL', () => proxied(`${upstreamUrl}/widget`)],
    ['an allowlisted URL with more after it', () => proxied(`${upstreamUrl}/widget.js?x=1`)],
    ['two url parameters', () => `${proxied(`${upstreamUrl}/widget.js`)}&url=${encodeURIComponent('https://evil.example/x.js')}`],
    ['no url parameter', () => '/__third-party-proxy'],
  ])('answers 403 for %s', async (_name, path) => {
    expect((await get(path())).status).toBe(403);
  });

  it('answers 403 to anything but GET', async () => {
    expect((await get(proxied(`${upstreamUrl}/widget.js`), {}, 'POST')).status).toBe(403);
  });

  it('does not follow redirects, and refuses other content types and oversized answers', async () => {
    expect((await get(proxied(`${upstreamUrl}/redirect.js`))).status).toBe(502);
    expect((await get(proxied(`${upstreamUrl}/page.html`))).status).toBe(502);
    expect((await get(proxied(`${upstreamUrl}/huge.js`))).status).toBe(502);
  });

  it('refuses plain HTTP and local addresses without the unsafe test setting', async () => {
    const strict = await serveSite({
      outDir: join(dir, 'out'),
      port: 0,
      host: '127.0.0.1',
      proxy: { allowlist: [`${upstreamUrl}/widget.js`, 'https://127.0.0.1/w.js', 'https://localhost/w.js'] },
    });
    try {
      const ask = (url: string) =>
        new Promise<number>((resolve) => {
          request({ host: '127.0.0.1', port: new URL(strict.url).port, path: proxied(url) }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          }).end();
        });
      expect(await ask(`${upstreamUrl}/widget.js`)).toBe(403);
      expect(await ask('https://127.0.0.1/w.js')).toBe(403);
      expect(await ask('https://localhost/w.js')).toBe(403);
    } finally {
      strict.server.close();
    }
  });

  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fe80::1', true],
    ['fd00:ec2::254', true],
    ['::ffff:127.0.0.1', true],
    ['8.8.8.8', false],
    ['2606:4700:4700::1111', false],
  ])('treats %s as forbidden: %s', (address, forbidden) => {
    expect(isForbiddenAddress(address)).toBe(forbidden);
  });
});
