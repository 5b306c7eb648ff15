import { createReadStream, readFileSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { watchHashedFiles } from '../output/hashed-files.ts';
import { cacheControl, contentType } from '../node/cache-policy.ts';
import { localeOfPath } from '../shared/locale-path.ts';
import { etagMatches, parseRange, pickEncoding } from './negotiate.ts';
import { createRedirectResponder } from './redirects.ts';

const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest']);
const MAX_PATH = 1024;

/** A request path mapped into root, or undefined when it is malformed or would leave root. */
export function resolveRequestPath(root: string, urlPath: string): string | undefined {
  if (urlPath.length > MAX_PATH) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').includes('..')) return undefined;
  const full = resolve(root, '.' + decoded);
  if (full !== root && !full.startsWith(root + sep)) return undefined;
  return full;
}

interface Found {
  file: string;
  size: number;
  mtimeMs: number;
}

/**
 * The first candidate that is a file inside root once links are resolved: the build never writes
 * links, and a static server must not follow one placed by hand out of its folder.
 */
async function findFile(candidates: string[], root: string): Promise<Found | undefined> {
  for (const file of candidates) {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) continue;
    const [real, realRoot] = await Promise.all([realpath(file).catch(() => ''), realpath(root).catch(() => root)]);
    if (real.startsWith(realRoot + sep)) return { file, size: info.size, mtimeMs: info.mtimeMs };
  }
  return undefined;
}

/** On-the-fly compression for files the build did not precompress (HTML, page-data), bounded in memory. */
class CompressionCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string, make: () => Buffer): Buffer {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = make();
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
    return value;
  }
}

export interface StaticHandlerOptions {
  outDir: string;
  locales: string[];
  headers: Record<string, string>;
  /** Adds markup to HTML responses (the dev reload client). */
  transformHtml?: (html: string) => string;
}

/** Serves out/: index.html for folders, the 404 page of the path's language, ETags, compression, caching. */
export function createStaticHandler(options: StaticHandlerOptions) {
  const root = resolve(options.outDir);
  const compressed = new CompressionCache();
  // The same list `_headers` and `deploy` use, so a hashed chunk is cached exactly as in production.
  const hashedFiles = watchHashedFiles(root);
  const respondRedirect = createRedirectResponder(root, options.headers);

  return async function handleStatic(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const full = resolveRequestPath(root, pathname);
    if (full === undefined) {
      res.writeHead(400, { ...options.headers, 'content-type': 'text/plain; charset=utf-8' }).end('Bad request');
      return;
    }
    let found = await findFile([full, join(full, 'index.html')], root);
    let status = 200;
    if (found && found.file !== full && !pathname.endsWith('/')) {
      // A folder without its trailing slash: redirect so relative links and canonical URLs agree.
      // Repeated slashes collapsed: `//blog/` would name the host `blog` to a browser.
      res.writeHead(301, { ...options.headers, location: `${pathname.replace(/\/{2,}/g, '/')}/` }).end();
      return;
    }
    if (!found) {
      // An old URL of the build's redirect map: 301, or the 404 page sent as 410 Gone.
      const redirect = respondRedirect(req, res, pathname);
      if (redirect === 'sent') return;
      status = redirect === 'gone' ? 410 : 404;
      // The default locale is unprefixed: its 404 page, like an unknown prefix's, is /404.html ('' here).
      const locale = localeOfPath(pathname, options.locales, '');
      found = await findFile([join(root, locale, '404.html'), join(root, '404.html')], root);
      if (!found) {
        res.writeHead(status, { ...options.headers, 'content-type': 'text/plain; charset=utf-8' }).end(status === 410 ? 'Gone' : 'Not found');
        return;
      }
    }
    const ext = extname(found.file);
    const urlPath = status === 200 ? pathname : '/404.html';
    const etag = `W/"${found.size.toString(36)}-${Math.round(found.mtimeMs).toString(36)}"`;
    const encoding = COMPRESSIBLE.has(ext) && found.size > 512 ? pickEncoding(req.headers['accept-encoding']) : undefined;
    const headers: Record<string, string | number> = {
      ...options.headers,
      'content-type': contentType(found.file),
      'cache-control': status === 200 ? cacheControl(urlPath, hashedFiles()) : 'no-cache',
      vary: 'Accept-Encoding',
    };
    const tagged = encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
    headers.etag = tagged;
    if (status === 200 && etagMatches(req.headers['if-none-match'], tagged) && !options.transformHtml) {
      res.writeHead(304, headers).end();
      return;
    }
    if (ext === '.html' && options.transformHtml) {
      const html = options.transformHtml(await readFile(found.file, 'utf8'));
      delete headers.etag;
      res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(html) });
      res.end(req.method === 'HEAD' ? undefined : html);
      return;
    }
    if (!encoding) {
      // One byte range of the file as it is (media, PDFs); a compressed body is always sent whole.
      const range = status === 200 ? parseRange(req.headers.range, found.size) : undefined;
      if (range === 'unsatisfiable') {
        res.writeHead(416, { ...options.headers, 'content-range': `bytes */${found.size}` }).end();
        return;
      }
      const part = range && (!req.headers['if-range'] || etagMatches(String(req.headers['if-range']), tagged)) ? range : undefined;
      const length = part ? part.end - part.start + 1 : found.size;
      res.writeHead(part ? 206 : status, {
        ...headers,
        'accept-ranges': 'bytes',
        'content-length': length,
        ...(part ? { 'content-range': `bytes ${part.start}-${part.end}/${found.size}` } : {}),
      });
      if (req.method === 'HEAD') res.end();
      else
        createReadStream(found.file, part ?? {})
          .on('error', () => res.destroy())
          .pipe(res);
      return;
    }
    // Precompressed by the build (hashed assets) when present, else compressed here once and kept.
    const suffix = encoding === 'br' ? '.br' : '.gz';
    const pre = await findFile([found.file + suffix], root);
    const source = found.file;
    const data = pre ? await readFile(pre.file) : compressed.get(`${source}:${tagged}`, () => compressBuffer(readFileSync(source), encoding));
    res.writeHead(status, { ...headers, 'content-encoding': encoding, 'content-length': data.length });
    res.end(req.method === 'HEAD' ? undefined : data);
  };
}

/** Synchronous on purpose: runs once per file version, then the result is kept. */
function compressBuffer(input: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(input, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: input.length } })
    : gzipSync(input, { level: 6 });
}
