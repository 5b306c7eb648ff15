import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { matchRedirect, parseRedirectMap, REDIRECT_MAP_FILE, type Redirect } from '../redirects/index.ts';

/**
 * The build's redirect map applied by `serve`: asked only for paths out/ has no file for (a page
 * always wins), so a hit costs nothing. The map is read again when `serve --watch` replaced it.
 */
export function createRedirectResponder(outDir: string, headers: Record<string, string>) {
  let stamp = '';
  let redirects: Redirect[] = [];
  const current = () => {
    const file = join(outDir, REDIRECT_MAP_FILE);
    const info = statSync(file, { throwIfNoEntry: false });
    const now = info ? `${info.ino}:${info.mtimeMs}:${info.size}` : '';
    if (now !== stamp) {
      stamp = now;
      redirects = info ? parseRedirectMap(readFileSync(file, 'utf8')).redirects : [];
    }
    return redirects;
  };
  /** `sent`: a 301 to the target (the query kept) was sent; `gone`: the caller answers 410 with its 404 page. */
  return function respondRedirect(req: IncomingMessage, res: ServerResponse, pathname: string): 'sent' | 'gone' | undefined {
    const hit = matchRedirect(current(), pathname);
    if (!hit) return undefined;
    if (hit.status === 410) return 'gone';
    const url = req.url ?? '';
    const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    res.writeHead(301, { ...headers, location: hit.to!.includes('?') ? hit.to! : `${hit.to}${query}`, 'cache-control': 'public, max-age=3600' }).end();
    return 'sent';
  };
}
