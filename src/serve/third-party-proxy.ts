import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * `/__third-party-proxy?url=`: fetches an allowlisted third-party script for the page (the
 * reviews widget) without ever becoming an open proxy. Everything not allowed is answered 403
 * before any connection is made.
 */
export interface ProxyOptions {
  /** Whole URLs, compared exactly: never a prefix or a substring. */
  allowlist: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
  cacheMs?: number;
  /**
   * Tests only: lets the proxy reach an http:// upstream on loopback. Never set in production:
   * it turns off the protections against reaching local services.
   */
  dangerouslyAllowLocalUpstreamForTests?: boolean;
}

const ALLOWED_TYPES = ['application/javascript', 'text/javascript', 'application/x-javascript', 'text/css', 'application/json'];

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['100::', 64],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Loopback, private, link-local (cloud metadata included), multicast and reserved addresses. */
export function isForbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

interface Cached {
  expires: number;
  type: string;
  body: Buffer;
}

export function createThirdPartyProxy(options: ProxyOptions) {
  const allow = new Set(options.allowlist);
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 5000;
  const cacheMs = options.cacheMs ?? 5 * 60 * 1000;
  const cache = new Map<string, Cached>();
  const unsafe = options.dangerouslyAllowLocalUpstreamForTests === true;

  const deny = (res: ServerResponse, headers: Record<string, string>, why: string): void => {
    res.writeHead(403, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(`Forbidden: ${why}`);
  };

  return async function handleProxy(req: IncomingMessage, res: ServerResponse, url: URL, headers: Record<string, string>): Promise<void> {
    if (req.method !== 'GET') return deny(res, headers, 'only GET is proxied');
    const target = url.searchParams.get('url');
    if (url.searchParams.getAll('url').length !== 1 || target === null || !allow.has(target)) return deny(res, headers, 'URL not on the allowlist');
    let parsed: URL;
    try {
      parsed = new URL(target);
    } catch {
      return deny(res, headers, 'invalid URL');
    }
    if (parsed.protocol !== 'https:' && !(unsafe && parsed.protocol === 'http:')) return deny(res, headers, 'only HTTPS upstreams');
    if (parsed.username || parsed.password) return deny(res, headers, 'credentials in URL');

    const hit = cache.get(target);
    if (hit && hit.expires > Date.now()) {
      res
        .writeHead(200, { ...headers, 'content-type': hit.type, 'cache-control': `public, max-age=${Math.floor(cacheMs / 1000)}`, 'x-proxy-cache': 'hit' })
        .end(hit.body);
      return;
    }

    // Resolve first, check every address, then connect to the checked address (no DNS rebinding).
    let address: { address: string; family: number };
    try {
      const hostname = parsed.hostname.replace(/^\[|\]$/g, '');
      const all = isIP(hostname) ? [{ address: hostname, family: isIP(hostname) }] : await lookup(hostname, { all: true, verbatim: true });
      if (!all.length || (!unsafe && all.some((a) => isForbiddenAddress(a.address)))) return deny(res, headers, 'upstream address not allowed');
      address = all[0]!;
    } catch {
      res.writeHead(502, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('Bad gateway: upstream name does not resolve');
      return;
    }

    try {
      const { type, body } = await fetchPinned(parsed, address, { maxBytes, timeoutMs });
      cache.set(target, { expires: Date.now() + cacheMs, type, body });
      res
        .writeHead(200, { ...headers, 'content-type': type, 'content-length': body.length, 'cache-control': `public, max-age=${Math.floor(cacheMs / 1000)}` })
        .end(body);
    } catch (error) {
      res
        .writeHead(502, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
        .end(`Bad gateway: ${(error as Error).message}`);
    }
  };
}

function fetchPinned(
  url: URL,
  address: { address: string; family: number },
  limits: { maxBytes: number; timeoutMs: number },
): Promise<{ type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'GET',
        // No cookies, no authorization, no client headers: a fresh request from the proxy itself.
        headers: { accept: 'application/javascript, text/javascript, text/css, application/json;q=0.9', 'user-agent': 'agency-site-proxy/1' },
        lookup: (_host, _opts, callback) => callback(null, address.address, address.family),
        timeout: limits.timeoutMs,
      },
      (upstream) => {
        const status = upstream.statusCode ?? 0;
        if (status >= 300 && status < 400) return fail(upstream, 'upstream redirected (redirects are not followed)');
        if (status !== 200) return fail(upstream, `upstream answered ${status}`);
        const type = String(upstream.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        if (!ALLOWED_TYPES.includes(type)) return fail(upstream, `content type "${type || 'none'}" not allowed`);
        const declared = Number(upstream.headers['content-length'] ?? 0);
        if (declared > limits.maxBytes) return fail(upstream, 'upstream answer too large');
        const chunks: Buffer[] = [];
        let size = 0;
        upstream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) return fail(upstream, 'upstream answer too large');
          chunks.push(chunk);
        });
        upstream.on('end', () => resolve({ type: String(upstream.headers['content-type']), body: Buffer.concat(chunks) }));
        upstream.on('error', reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new Error('upstream timed out')), limits.timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('close', () => clearTimeout(timer));
    request.on('timeout', () => request.destroy(new Error('upstream timed out')));
    request.end();

    function fail(upstream: IncomingMessage, message: string) {
      upstream.destroy();
      request.destroy();
      reject(new Error(message));
    }
  });
}
