import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { externalImageError, missingAltTextError, missingImageError, type SourceLocation } from '../errors/index.ts';

const IMAGE = /!\[([^\]]*)\]\(\s*([^)\s]+)(?:\s+"([^"]*)")?\s*\)/g;

export interface ImageRef {
  src: string;
  line: number;
  column: number;
}

/**
 * The images a markdown body uses, each checked for alt text (empty only when its title says
 * "decorative": `![](/images/x.jpg "decorative")`) and for living in site/images. Code blocks are
 * skipped. Whether the files exist is checked on every build (see assertImagesExist), since a
 * remembered post is not parsed again.
 */
export function findMarkdownImages(body: string, options: { file: string; bodyLine: number }): ImageRef[] {
  const refs: ImageRef[] = [];
  let inFence = false;
  const lines = body.split('\n');
  lines.forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) inFence = !inFence;
    if (inFence) return;
    for (const match of text.matchAll(IMAGE)) {
      const [, alt, src, title] = match;
      const line = options.bodyLine + index;
      const column = (match.index ?? 0) + 1;
      if (!src!.startsWith('/images/')) {
        throw externalImageError({ file: options.file, line, column }, src!);
      }
      if (!alt!.trim() && title !== 'decorative') {
        throw missingAltTextError({ file: options.file, line, column }, src!);
      }
      refs.push({ src: src!, line, column });
    }
  });
  return refs;
}

/** Stops the build at the first referenced image that is not in site/images. */
export function assertImagesExist(refs: readonly ImageRef[], options: { siteDir: string; file: string }): void {
  for (const ref of refs) {
    if (existsSync(join(options.siteDir, decodeURIComponent(ref.src)))) continue;
    throw missingImageError({ file: options.file, line: ref.line, column: ref.column }, ref.src);
  }
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
