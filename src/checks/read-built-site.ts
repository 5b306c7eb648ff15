import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { displayPath } from '../node/display-path.ts';
import { outMissingError } from '../errors/index.ts';
import { lineIndex, scanTags } from './scan-html.ts';
import type { BuiltPage } from './types.ts';

export interface BuiltSite {
  outDir: string;
  pages: BuiltPage[];
  byPath: Map<string, BuiltPage>;
  /** Whether a path inside out/ is a file (`assets/site.css`, `blog/feed.xml`). */
  hasFile: (rel: string) => boolean;
}

/** Every HTML page of out/, scanned once; page-data and assets are only looked up by name. */
export function readBuiltSite(options: { outDir: string }): BuiltSite {
  const outDir = resolve(options.outDir);
  if (!existsSync(join(outDir, 'index.html')) && !existsSync(join(outDir, '404.html'))) throw outMissingError(displayPath(outDir));
  const files = new Set<string>();
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.add(
        join(entry.parentPath, entry.name)
          .slice(outDir.length + 1)
          .split(sep)
          .join('/'),
      );
  }
  const pages: BuiltPage[] = [];
  for (const rel of [...files].sort()) {
    // page-data/ mirrors page paths (page-data/404.html/page-data.json) but holds no pages.
    if (!rel.endsWith('.html') || rel.startsWith('page-data/')) continue;
    pages.push(readPage(outDir, rel));
  }
  return { outDir, pages, byPath: new Map(pages.map((p) => [p.path, p])), hasFile: (rel) => files.has(rel) };
}

function readPage(outDir: string, rel: string): BuiltPage {
  const full = join(outDir, rel);
  const html = readFileSync(full, 'utf8');
  const tags = scanTags(html);
  const ids = new Set<string>();
  for (const tag of tags) {
    if (tag.attrs.id) ids.add(tag.attrs.id);
    if (tag.name === 'a' && tag.attrs.name) ids.add(tag.attrs.name);
  }
  return {
    rel,
    file: displayPath(full),
    path: pathOfOutFile(rel),
    html,
    bytes: statSync(full).size,
    lang: tags.find((t) => t.name === 'html')?.attrs.lang,
    tags,
    ids,
    lineAt: lineIndex(html),
  };
}

/** `es/blog/index.html` → `/es/blog/`; `404.html` → `/404.html` (the inverse of outFileOfPath). */
export function pathOfOutFile(rel: string): string {
  if (rel === 'index.html') return '/';
  if (rel.endsWith('/index.html')) return `/${rel.slice(0, -'index.html'.length)}`;
  return `/${rel}`;
}

/** The out/ file a URL path is served from, or undefined: `/x/` → `x/index.html`, `/x` → `x` or `x/index.html`. */
export function fileOfPath(path: string, hasFile: (rel: string) => boolean): string | undefined {
  const rel = path.replace(/^\/+/, '');
  if (rel === '' || rel.endsWith('/')) return hasFile(`${rel}index.html`) ? `${rel}index.html` : undefined;
  if (hasFile(rel)) return rel;
  // Static hosts redirect /careers to /careers/.
  return hasFile(`${rel}/index.html`) ? `${rel}/index.html` : undefined;
}
