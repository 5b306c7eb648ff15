import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface ServeOptions {
  outDir: string;
  port: number;
  host: string;
  /** Locales with their own 404 page under /<locale>/404.html. */
  locales?: string[];
}

/** Resolves a request path to a file inside root, or undefined when it would leave root. */
export function resolveRequestPath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || decoded.length > 1024) return undefined;
  const full = resolve(root, '.' + decoded);
  if (full !== root && !full.startsWith(root + sep)) return undefined;
  return full;
}

async function findFile(root: string, urlPath: string): Promise<string | undefined> {
  const full = resolveRequestPath(root, urlPath);
  if (!full) return undefined;
  for (const candidate of [full, join(full, 'index.html')]) {
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile()) return candidate;
  }
  return undefined;
}

/** A static server for out/: index.html for folders, the 404 page of the path's language. */
export async function serveSite(options: ServeOptions): Promise<{ server: Server; url: string }> {
  const root = resolve(options.outDir);
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      if (resolveRequestPath(root, url.pathname) === undefined) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request');
        return;
      }
      let file = await findFile(root, url.pathname);
      let status = 200;
      if (!file) {
        status = 404;
        const locale = url.pathname.split('/')[1] ?? '';
        file = (await findFile(root, `/${locale}/404.html`)) ?? (await findFile(root, '/404.html'));
      } else if (url.pathname.endsWith('/') === false && file.endsWith(`${sep}index.html`) && !url.pathname.endsWith('index.html')) {
        res.writeHead(301, { location: `${url.pathname}/${url.search}` }).end();
        return;
      }
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const info = await stat(file);
      res.writeHead(status, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        'x-content-type-options': 'nosniff',
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).on('error', () => res.destroy()).pipe(res);
    } catch {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal server error');
    }
  });
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host, ready);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { server, url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/` };
}
