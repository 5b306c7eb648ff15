import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileHeaders } from '../node/cache-policy.ts';
import { parseRedirectMap, redirectPageHtml, REDIRECT_MAP_FILE, type Redirect } from '../redirects/index.ts';
import type { LocalFile } from './local-files.ts';

/** The build's redirect map in out/ (none before the first build that made one). */
export function readRedirectMap(outDir: string): { baseUrl: string; redirects: Redirect[] } {
  try {
    return parseRedirectMap(readFileSync(join(outDir, REDIRECT_MAP_FILE), 'utf8'));
  } catch {
    return parseRedirectMap(undefined);
  }
}

/** The object key an old path is served from: `/old/` → `old/index.html`, `/old.html` as it is. */
export function redirectKey(from: string): string {
  return from.endsWith('/') ? `${from.slice(1)}index.html` : from.slice(1);
}

/**
 * For a bucket without the CloudFront Function: at each old path (301, not a splat) a small page
 * that refreshes to the target with a canonical link, and `WebsiteRedirectLocation`, which an S3
 * website endpoint answers as a real 301. Splats and 410s need the function; nothing stands in.
 */
export function redirectObjects(outDir: string, taken: ReadonlySet<string>): LocalFile[] {
  const { baseUrl, redirects } = readRedirectMap(outDir);
  const files: LocalFile[] = [];
  for (const r of redirects) {
    if (r.status !== 301 || r.from.endsWith('*') || !r.to) continue;
    const path = redirectKey(r.from);
    if (taken.has(path)) continue;
    const body = Buffer.from(redirectPageHtml(r.to, baseUrl));
    files.push({
      path,
      md5: createHash('md5').update(body).digest('hex'),
      size: body.length,
      group: 'pages',
      hashed: false,
      ...fileHeaders(`/${path}`, new Set()),
      body,
      redirectTo: r.to,
    });
  }
  return files;
}
