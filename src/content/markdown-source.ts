import { fileChangedDuringBuildError, missingConstantError } from '../errors/index.ts';
import { contentHash } from '../node/hash.ts';
import { readTextSync } from '../node/read-text.ts';
import type { ImageRef } from './markdown-images.ts';
import { findCodeRanges, isInRanges, type CodeRange } from './code-ranges.ts';
import { resolveString } from './resolve-references.ts';

/**
 * A markdown body by reference: the planner needs only its hash; the body itself is read again
 * where it is parsed (a render worker), so thousands of bodies never sit in the main thread.
 */
export interface MarkdownSource {
  /** Path as shown in messages. */
  file: string;
  /** Absolute path, for reading. */
  path: string;
  /** Where the body starts in the file's text (after front matter). */
  bodyOffset: number;
  bodyLine: number;
  /** Its folder from the site folder (`/blog/a-post/`): relative paths in the body start there. */
  dir: string;
  /** Hash of the body with constants resolved: what the parser sees. */
  hash: string;
  /** Images and files the body names, with their lines (checked to exist on every build). */
  images: ImageRef[];
  /** BCP 47 tag the body's number constants are written for (its locale's). */
  numberLocale?: string;
}

/** Resolves `{claims.x}` in a body, outside its code; a missing constant stops the build at its line. */
export function resolveBody(body: string, source: Pick<MarkdownSource, 'file' | 'bodyLine' | 'numberLocale'>, constants: Record<string, unknown>): string {
  if (!body.includes('{')) return body;
  let code: CodeRange[] | undefined;
  return resolveString(
    body,
    constants,
    (ref, offset) => {
      const line = source.bodyLine + body.slice(0, offset).split('\n').length - 1;
      throw missingConstantError({ file: source.file, line }, ref);
    },
    { numberLocale: source.numberLocale, isCode: (offset) => isInRanges((code ??= findCodeRanges(body)), offset) },
  );
}

export function hashBody(resolved: string): string {
  return contentHash(resolved);
}

/** Reads the body again for parsing and checks it is the text the build planned with. */
export function readMarkdownBody(source: MarkdownSource, constants: Record<string, unknown>): string {
  const text = readTextSync(source.path);
  const body = resolveBody(text.slice(source.bodyOffset), source, constants);
  if (hashBody(body) !== source.hash) {
    throw fileChangedDuringBuildError(source.file);
  }
  return body;
}
