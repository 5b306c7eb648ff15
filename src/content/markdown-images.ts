import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SiteError, type SourceLocation } from '../errors/index.ts';

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
        throw new SiteError({
          name: 'ExternalImage',
          title: 'Image outside site/images',
          message: `"${src}" is not in site/images; images are published from there so they can be resized and served from this site.`,
          hint: 'Put the file in site/images/ and write its path as /images/<name>.',
          location: { file: options.file, line, column },
        });
      }
      if (!alt!.trim() && title !== 'decorative') {
        throw new SiteError({
          name: 'MissingAltText',
          title: 'Image without alt text',
          message: `${src} has no alt text: screen-reader users and search engines would learn nothing from it.`,
          hint: 'Describe the image: ![What it shows](…). For a purely decorative image write ![](… "decorative").',
          location: { file: options.file, line, column },
        });
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
    throw new SiteError({
      name: 'MissingImage',
      title: 'Image not found',
      message: `${ref.src} does not exist in site/images.`,
      hint: 'Check the file name (it is case-sensitive) or add the image to site/images/.',
      location: { file: options.file, line: ref.line, column: ref.column },
    });
  }
}

/**
 * Images named in YAML data: any mapping with `src: /images/…` must point at a file in
 * site/images and carry `alt` text (an empty alt only with `decorative: true`).
 */
export function checkYamlImages(value: unknown, options: { siteDir: string; locate: (path: Array<string | number>) => SourceLocation }, path: Array<string | number> = []): void {
  if (Array.isArray(value)) return value.forEach((item, i) => checkYamlImages(item, options, [...path, i]));
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record.src === 'string' && record.src.startsWith('/images/')) {
    if (!existsSync(join(options.siteDir, decodeURIComponent(record.src)))) {
      throw new SiteError({
        name: 'MissingImage',
        title: 'Image not found',
        message: `${record.src} does not exist in site/images.`,
        hint: 'Check the file name (it is case-sensitive) or add the image to site/images/.',
        field: [...path, 'src'].join('.'),
        location: options.locate([...path, 'src']),
      });
    }
    const alts = typeof record.alt === 'string' ? [record.alt] : record.alt && typeof record.alt === 'object' ? Object.values(record.alt as Record<string, unknown>) : [];
    if (record.decorative !== true && (!alts.length || alts.some((a) => typeof a !== 'string' || !a.trim()))) {
      throw new SiteError({
        name: 'MissingAltText',
        title: 'Image without alt text',
        message: `${record.src} has no alt text (in every language): screen-reader users and search engines would learn nothing from it.`,
        hint: 'Add alt: { en: …, es: … } describing the image, or decorative: true for pure decoration.',
        field: [...path, 'alt'].join('.'),
        location: options.locate([...path, record.alt === undefined ? 'src' : 'alt']),
      });
    }
  }
  for (const [key, item] of Object.entries(record)) checkYamlImages(item, options, [...path, key]);
}
