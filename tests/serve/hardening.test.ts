// What the adversarial pass found in `serve`, over raw HTTP against a small out/ made here.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders, serveSite } from '../../src/serve/index.ts';

let dir: string;
let server: Server;
let port: number;
const PDF = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
const PAGE = `<!doctype html><title>Blog</title><p>${'Nearshore teams ship. '.repeat(60)}</p>`;

function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agency-site-serve-hardening-'));
  const out = join(dir, 'out');
  mkdirSync(join(out, 'blog'), { recursive: true });
  writeFileSync(join(out, 'index.html'), PAGE);
  writeFileSync(join(out, 'blog/index.html'), PAGE);
  writeFileSync(join(out, '404.html'), '<!doctype html><title>Not found</title>');
  writeFileSync(join(out, 'guide.pdf'), PDF);
  writeFileSync(join(dir, 'secret.txt'), 'outside out/');
  symlinkSync(join(dir, 'secret.txt'), join(out, 'secret-link.txt'));
  symlinkSync('/etc/passwd', join(out, 'passwd-link.txt'));
  symlinkSync(join(out, 'guide.pdf'), join(out, 'guide-link.pdf'));
  ({ server } = await serveSite({ outDir: out, port: 0, host: '127.0.0.1', locales: ['en', 'es'], headers: securityHeaders() }));
  port = (server.address() as { port: number }).port;
});
afterAll(() => {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serve keeps to out/', () => {
  it.each(['/passwd-link.txt', '/secret-link.txt'])('%s, a link out of out/, is a 404', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toMatch(/root:|outside out/);
  });

  it('a link that stays inside out/ is served', async () => {
    expect((await get('/guide-link.pdf')).body.equals(PDF)).toBe(true);
  });

  it.each([
    ['/.//blog', '/blog/'],
    ['//blog', undefined],
    ['/blog//', undefined],
  ])('%s never redirects to a protocol-relative URL', async (path, location) => {
    const res = await get(path);
    if (location) expect(res.headers.location).toBe(location);
    expect(String(res.headers.location ?? '')).not.toMatch(/^\/\//);
  });
});

describe('serve speaks HTTP as clients send it', () => {
  it('Accept-Encoding: br;q=0 is a refusal of brotli', async () => {
    expect((await get('/blog/', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get('/blog/', { 'accept-encoding': 'br;q=0' })).headers['content-encoding']).toBeUndefined();
    expect((await get('/blog/', { 'accept-encoding': 'gzip;q=0.5, br' })).headers['content-encoding']).toBe('br');
  });

  it('If-None-Match with a list that holds the ETag (weak or strong) is a 304', async () => {
    const etag = String((await get('/blog/', { 'accept-encoding': 'gzip' })).headers.etag);
    const strong = etag.replace(/^W\//, '');
    expect((await get('/blog/', { 'accept-encoding': 'gzip', 'if-none-match': `"x", ${etag}` })).status).toBe(304);
    expect((await get('/blog/', { 'accept-encoding': 'gzip', 'if-none-match': `"x", ${strong}` })).status).toBe(304);
    expect((await get('/blog/', { 'accept-encoding': 'gzip', 'if-none-match': '"x", "y"' })).status).toBe(200);
  });

  it('serves one byte range with 206, and an unsatisfiable one with 416', async () => {
    const part = await get('/guide.pdf', { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${PDF.length}`);
    expect(part.body.equals(PDF.subarray(100, 200))).toBe(true);
    const tail = await get('/guide.pdf', { range: 'bytes=-500' });
    expect([tail.status, tail.body.equals(PDF.subarray(PDF.length - 500))]).toEqual([206, true]);
    const past = await get('/guide.pdf', { range: `bytes=${PDF.length}-` });
    expect([past.status, past.headers['content-range']]).toEqual([416, `bytes */${PDF.length}`]);
    const whole = await get('/guide.pdf');
    expect([whole.status, whole.headers['accept-ranges'], whole.body.length]).toEqual([200, 'bytes', PDF.length]);
    // An If-Range naming another version asks for the whole new file.
    expect((await get('/guide.pdf', { range: 'bytes=0-9', 'if-range': '"old"' })).status).toBe(200);
  });
});
