import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { closeServer } from '../node/close-server.ts';
import { PROXY_PATH } from '../shared/site-urls.ts';
import { createStaticHandler } from './static-handler.ts';
import { createThirdPartyProxy, type ProxyOptions } from './third-party-proxy.ts';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export interface ServeOptions {
  outDir: string;
  port: number;
  host: string;
  /** Locales with their own 404 page under /<locale>/404.html. */
  locales?: string[];
  /** Security headers sent with every response (see securityHeaders()). */
  headers?: Record<string, string>;
  proxy?: ProxyOptions;
  /** Handlers tried before static files, in order (forms endpoint, dev events); true = handled. */
  handlers?: RequestHandler[];
  transformHtml?: (html: string) => string;
}

/**
 * The HTTP server of `serve`: handlers first (forms, dev reload), then the third-party proxy,
 * then out/. A bad request gets a 4xx and never takes the server down.
 */
export interface SiteServer {
  server: Server;
  url: string;
  /** Stops taking requests and lets the ones under way finish (up to `graceMs`). */
  close(graceMs?: number): Promise<void>;
}

export async function serveSite(options: ServeOptions): Promise<SiteServer> {
  const headers = options.headers ?? {};
  const serveStatic = createStaticHandler({
    outDir: options.outDir,
    locales: options.locales ?? [],
    headers,
    ...(options.transformHtml ? { transformHtml: options.transformHtml } : {}),
  });
  const proxy = createThirdPartyProxy(options.proxy ?? { allowlist: [] });

  const server = createServer(async (req, res) => {
    try {
      for (const handler of options.handlers ?? []) if (await handler(req, res)) return;
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://localhost');
      } catch {
        res.writeHead(400, headers).end();
        return;
      }
      if (url.pathname === PROXY_PATH) return await proxy(req, res, url, headers);
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
        return;
      }
      await serveStatic(req, res, url.pathname);
    } catch {
      if (!res.headersSent) res.writeHead(500, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal server error');
    }
  });
  // Malformed HTTP (bad headers, oversized lines) is answered and closed, not thrown.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host, ready);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/`,
    async close(graceMs = 10_000) {
      await closeServer(server, graceMs);
    },
  };
}
