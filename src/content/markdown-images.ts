import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import { externalImageError, missingAltTextError, missingImageError, type SiteError, type SourceLocation } from '../errors/index.ts';
import { isLocalFileLink, isRemote, isSitePath, resolveSitePath } from '../shared/site-paths.ts';
import { findCodeRanges, isInRanges, type CodeRange } from './code-ranges.ts';

// A destination is `path` or `<path with spaces>` (CommonMark's form for a screenshot's usual name).
const IMAGE = /!\[([^\]]*)\]\(\s*(?:<([^>\n]+)>|([^)\s>]+))(?:\s+"([^"]*)")?\s*\)/g;
const RAW_IMAGE = /<img\b[^>]*>/gi;
const RAW_MEDIA = /<(?:video|audio|source|track)\b[^>]*>/gi;
const LINK = /(?<!!)\[[^\]]*\]\(\s*(?:<([^>\n]+)>|([^)\s>]+))(?:\s+"[^"]*")?\s*\)/g;

export interface ImageRef {
  /** As written in the markdown. */
  src: string;
  /** The file it names, from the site folder (`/images/x.png`, `/blog/a-post/x.png`), or the URL of an allowed remote image. */
  key: string;
  /** An image, a file a link publishes (a PDF beside the post), or an image of an allowed host, kept as it is. */
  kind: 'image' | 'file' | 'remote';
  line: number;
  column: number;
}

export interface ReferenceOptions {
  file: string;
  bodyLine: number;
  /** The markdown file's folder from the site folder, with slashes at both ends (`/blog/a-post/`). */
  dir: string;
  /** Hosts whose images are kept as they are (site.yaml images.remoteHosts). */
  remoteHosts: readonly string[];
}

/**
 * The images and files a markdown body uses: `![alt](src)`, raw `<img src>`, links to files
 * that are not pages and the files of raw `<video>`/`<audio>` (`src`, `<source src>`, a video's
 * `poster` image). A relative path starts at the markdown file's folder, `/images/…` at the
 * site folder. Each image is checked for alt text (empty only when its title says "decorative",
 * or a raw `alt=""`); every problem of the body is added to `problems`, none stops the reading.
 * Code blocks and spans are skipped. Whether the files exist is checked on every build (assertImagesExist),
 * since a remembered post is not parsed again.
 */
export function findMarkdownImages(
  body: string,
  options: ReferenceOptions,
  problems: SiteError[],
  code: readonly CodeRange[] = findCodeRanges(body),
): ImageRef[] {
  const refs: ImageRef[] = [];
  const lines = body.split('\n');
  let start = 0;
  lines.forEach((text, index) => {
    // Code shows what it says: `![chart](https://…)` in a post about markdown is text, not an image.
    const lineStart = start;
    start += text.length + 1;
    const inCode = (column: number) => isInRanges(code, lineStart + column - 1);
    const line = options.bodyLine + index;
    const add = (src: string, column: number, alt: string | undefined, decorative: boolean) => {
      if (inCode(column)) return;
      const at = { file: options.file, line, column };
      const ref = referenceOf(src, 'image', options);
      if (!ref) return void problems.push(externalImageError(at, src));
      if (alt === undefined || (!alt.trim() && !decorative)) problems.push(missingAltTextError(at, src));
      refs.push({ ...ref, line, column });
    };
    if (text.includes('![')) {
      for (const match of text.matchAll(IMAGE)) add((match[2] ?? match[3])!, (match.index ?? 0) + 1, match[1]!, match[4] === 'decorative');
    }
    if (text.includes('<img') || text.includes('<IMG')) {
      for (const match of text.matchAll(RAW_IMAGE)) {
        const src = attribute(match[0], 'src');
        if (src === undefined) continue;
        const alt = attribute(match[0], 'alt');
        add(src, (match.index ?? 0) + 1, alt, alt === '');
      }
    }
    if (/<(?:video|audio|source|track)\b/i.test(text)) {
      // A video or its sound beside the post: published under /files/ like a linked PDF, and checked to exist.
      for (const match of text.matchAll(RAW_MEDIA)) {
        const column = (match.index ?? 0) + 1;
        if (inCode(column)) continue;
        const src = attribute(match[0], 'src');
        const ref = src !== undefined && isLocalFileLink(src) ? referenceOf(src, 'file', options) : undefined;
        if (ref) refs.push({ ...ref, line, column });
        // A video's poster is an image of the site (a remote one is removed, and said so, when the HTML is made safe).
        const poster = attribute(match[0], 'poster');
        if (poster === undefined || !isSitePath(poster)) continue;
        const image = referenceOf(poster, 'image', options);
        if (image) refs.push({ ...image, line, column });
        else problems.push(externalImageError({ file: options.file, line, column }, poster));
      }
    }
    if (text.includes('](')) {
      for (const match of text.matchAll(LINK)) {
        const href = (match[1] ?? match[2])!;
        if (!isLocalFileLink(href) || inCode((match.index ?? 0) + 1)) continue;
        const ref = referenceOf(href, 'file', options);
        if (ref) refs.push({ ...ref, line, column: (match.index ?? 0) + 1 });
      }
    }
  });
  return refs;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** What a path names, or undefined for an image the site cannot publish (another host, a root path outside /images/). */
function referenceOf(src: string, kind: 'image' | 'file', options: ReferenceOptions): Omit<ImageRef, 'line' | 'column'> | undefined {
  if (isRemote(src)) {
    const host = /^(?:https?:)?\/\/([^/?#:]+)/i.exec(src)?.[1]?.toLowerCase();
    return host && options.remoteHosts.includes(host) ? { src, key: src, kind: 'remote' } : undefined;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(src)) return undefined;
  const key = resolveSitePath(src, options.dir);
  if (!key || (kind === 'image' && src.startsWith('/') && !key.startsWith('/images/'))) return undefined;
  return { src, key, kind };
}

/** Every referenced file that does not exist, each added to `problems` with its line. */
export function assertImagesExist(refs: readonly ImageRef[], options: { siteDir: string; file: string }, problems: SiteError[]): void {
  for (const ref of refs) {
    if (ref.kind === 'remote' || existsSync(join(options.siteDir, ref.key))) continue;
    const relative = !ref.src.startsWith('/');
    problems.push(missingImageError({ file: options.file, line: ref.line, column: ref.column }, ref.src, undefined, relative ? ref.key : undefined));
  }
}

/** The folder of a markdown file from the site folder, as `dir` above. */
export function siteFolderOf(siteDir: string, path: string): string {
  const rel = posix.dirname(path.slice(siteDir.length).split('\\').join('/'));
  return rel.endsWith('/') ? rel : `${rel}/`;
}

/**
 * Images named in YAML data: any mapping with `src: /images/…` must point at a file in
 * site/images and carry `alt` text (an empty alt only with `decorative: true`).
 */
export function checkYamlImages(
  value: unknown,
  options: { siteDir: string; locate: (path: Array<string | number>) => SourceLocation },
  path: Array<string | number> = [],
): void {
  if (Array.isArray(value)) return value.forEach((item, i) => checkYamlImages(item, options, [...path, i]));
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record.src === 'string' && record.src.startsWith('/images/')) {
    if (!existsSync(join(options.siteDir, decodeURIComponent(record.src)))) {
      throw missingImageError(options.locate([...path, 'src']), record.src, [...path, 'src'].join('.'));
    }
    const alts =
      typeof record.alt === 'string' ? [record.alt] : record.alt && typeof record.alt === 'object' ? Object.values(record.alt as Record<string, unknown>) : [];
    if (record.decorative !== true && (!alts.length || alts.some((a) => typeof a !== 'string' || !a.trim()))) {
      throw missingAltTextError(options.locate([...path, record.alt === undefined ? 'src' : 'alt']), record.src, [...path, 'alt'].join('.'));
    }
  }
  for (const [key, item] of Object.entries(record)) checkYamlImages(item, options, [...path, key]);
}
