import type { ZodError } from 'zod';
import type { SourceLocation } from './site-error.ts';
import { locateYamlPath } from './yaml-location.ts';

// Helpers the catalogue uses to say where and what: YAML paths on their lines, schema issues, esbuild failures.

export interface YamlSource {
  file: string;
  source: string;
  /** Lines before the YAML text in the file (front matter starts after `---`). */
  lineOffset?: number;
}

/** The location of a path inside a YAML source, or of the file when the path cannot be found. */
export function locate(src: YamlSource, path: ReadonlyArray<string | number>): SourceLocation {
  const pos = locateYamlPath(src.source, path, src.lineOffset ?? 0);
  return pos ? { file: src.file, line: pos.line, column: pos.column } : { file: src.file };
}

export function formatLoc(loc: SourceLocation): string {
  return loc.line === undefined ? loc.file : `${loc.file}:${loc.line}`;
}

/** One zod issue in words an editor understands ("required, expected string"). */
export function describeIssue(issue: ZodError['issues'][number]): string {
  if (issue.code === 'invalid_type') {
    const received = (issue as { input?: unknown }).input;
    if (received === undefined) return `required, expected ${issue.expected}`;
    return `expected ${issue.expected}, got ${typeof received === 'object' ? (Array.isArray(received) ? 'a list' : received === null ? 'null' : 'a mapping') : JSON.stringify(received)}`;
  }
  if (issue.code === 'unrecognized_keys') return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return issue.message;
}

type EsbuildFailure = { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }> };

/** esbuild's first error: its text (and how many more), and its place (column 1-based) with the file mapped by `fileOf`. */
export function esbuildFirstError(error: unknown, fileOf: (file: string) => string = (file) => file): { message: string; location?: SourceLocation } {
  const errors = (error as EsbuildFailure).errors ?? [];
  const where = errors[0]?.location;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return {
    message: errors[0] ? `${errors[0].text}${more}` : String(error),
    ...(where ? { location: { file: fileOf(where.file), line: where.line, column: where.column + 1 } } : {}),
  };
}
