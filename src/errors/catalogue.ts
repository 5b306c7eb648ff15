import type { ZodError } from 'zod';
import { SiteError, type SourceLocation } from './site-error.ts';
import { locateYamlPath } from './yaml-location.ts';

// The catalogue of user-facing errors. Names are permanent: docs and tests refer to them.

interface YamlSource {
  file: string;
  source: string;
  /** Lines before the YAML text in the file (front matter starts after `---`). */
  lineOffset?: number;
}

function at(src: YamlSource, path: ReadonlyArray<string | number>): SourceLocation {
  const pos = locateYamlPath(src.source, path, src.lineOffset ?? 0);
  return pos ? { file: src.file, line: pos.line, column: pos.column } : { file: src.file };
}

export function yamlSyntaxError(src: YamlSource, cause: { message: string; mark?: { line: number; column: number } }): SiteError {
  const line = cause.mark ? cause.mark.line + 1 + (src.lineOffset ?? 0) : undefined;
  const column = cause.mark ? cause.mark.column + 1 : undefined;
  return new SiteError({
    name: 'YamlSyntaxError',
    title: 'Malformed YAML',
    message: `The file cannot be parsed as YAML: ${cause.message.split('\n')[0]}`,
    hint: 'Check indentation (spaces, not tabs) and quote values that contain ": " or start with a special character.',
    location: { file: src.file, ...(line !== undefined ? { line, column } : {}) },
    cause,
  });
}

/** The first schema problem of a YAML document, located on its line. */
export function invalidFieldError(src: YamlSource, error: ZodError, what: string): SiteError {
  const issue = error.issues[0]!;
  const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  const field = path.join('.') || '(root)';
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problem${error.issues.length > 2 ? 's' : ''})` : '';
  return new SiteError({
    name: 'InvalidField',
    title: `Invalid ${what}`,
    message: `Field "${field}": ${describeIssue(issue)}${more}.`,
    hint: 'Fix this field and build again; every field a file accepts is described in README.md under "Content model".',
    field,
    location: at(src, path),
  });
}

function describeIssue(issue: ZodError['issues'][number]): string {
  if (issue.code === 'invalid_type') {
    const received = (issue as { input?: unknown }).input;
    if (received === undefined) return `required, expected ${issue.expected}`;
    return `expected ${issue.expected}, got ${typeof received === 'object' ? (Array.isArray(received) ? 'a list' : received === null ? 'null' : 'a mapping') : JSON.stringify(received)}`;
  }
  if (issue.code === 'unrecognized_keys') return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return issue.message;
}

export function unknownTemplateError(location: SourceLocation, template: string, known: string[]): SiteError {
  return new SiteError({
    name: 'UnknownTemplate',
    title: 'Unknown template',
    message: `Template "${template}" does not exist; expected one of: ${known.join(', ')}.`,
    hint: `Create templates/pages/${template}.tsx or use an existing template name.`,
    field: 'template',
    location,
  });
}

export function duplicateUrlError(url: string, first: SourceLocation, second: SourceLocation): SiteError {
  return new SiteError({
    name: 'DuplicateUrl',
    title: 'Two pages claim one URL',
    message: `${url} is produced both here and by ${formatLoc(first)}; every URL must come from exactly one page.`,
    hint: 'Change the slug of one of the two pages.',
    field: 'slug',
    location: second,
  });
}

export function missingConstantError(location: SourceLocation, reference: string, field?: string): SiteError {
  return new SiteError({
    name: 'MissingConstant',
    title: 'Reference to a missing constant',
    message: `{${reference}} does not name a value in site/constants.yaml.`,
    hint: 'Add it to site/constants.yaml or fix the name; claims live only there so they never say two things.',
    ...(field ? { field } : {}),
    location,
  });
}

export function missingMessageError(location: SourceLocation, key: string, field?: string): SiteError {
  return new SiteError({
    name: 'MissingMessage',
    title: 'Reference to a missing message',
    message: `Message "${key}" exists in no locale file.`,
    hint: 'Add the key to locales/en.yaml (the default language) or fix the reference.',
    ...(field ? { field } : {}),
    location,
  });
}

export function missingFileError(location: SourceLocation, path: string, field: string): SiteError {
  return new SiteError({
    name: 'MissingFile',
    title: 'Referenced file not found',
    message: `${path} does not exist.`,
    hint: 'Paths are relative to the site folder.',
    field,
    location,
  });
}

/** A template asked for an image that site/images does not have (markdown and YAML images are checked earlier). */
export function missingTemplateImageError(location: SourceLocation, src: string, pageUrl: string): SiteError {
  return new SiteError({
    name: 'MissingImage',
    title: 'Image not found',
    message: `A template shows ${src} (on ${pageUrl} and maybe other pages), but site${src} does not exist.`,
    hint: 'Add the file under site/images/ or correct the path in the template; image paths start with /images/.',
    field: 'src',
    location,
  });
}

export function internalError(message: string, cause?: unknown): Error {
  return new Error(`Internal error: ${message}`, { cause });
}

function formatLoc(loc: SourceLocation): string {
  return loc.line === undefined ? loc.file : `${loc.file}:${loc.line}`;
}

export { at as locate };
export type { YamlSource };

type EsbuildFailure = { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }> };

/** An esbuild failure (a template, the browser bundle, the stylesheet) as a SiteError at esbuild's first location. */
export function esbuildError(error: unknown, what: { name: string; title: string; hint?: string; fileOf?: (file: string) => string }): SiteError {
  const first = (error as EsbuildFailure).errors?.[0];
  const where = first?.location;
  return new SiteError({
    name: what.name,
    title: what.title,
    message: first?.text ?? String(error),
    ...(what.hint ? { hint: what.hint } : {}),
    ...(where ? { location: { file: what.fileOf ? what.fileOf(where.file) : where.file, line: where.line, column: where.column + 1 } } : {}),
    cause: error,
  });
}

/** An island's prop cannot be serialised for the browser (a function, a class instance, a cycle …). */
export function islandPropError(location: SourceLocation, info: { template: string; island: string; prop: string; reason: string; page: string }): SiteError {
  return new SiteError({
    name: 'IslandPropError',
    title: 'An island prop cannot be sent to the browser',
    message: `Template "${info.template}" (on ${info.page}) passes the island "${info.island}" the prop "${info.prop}", which is ${info.reason}. Island props are written into page-data.islands.json as JSON.`,
    hint: 'Pass plain data (strings, numbers, booleans, null, plain objects and lists); keep functions and handlers inside the island component.',
    field: info.prop,
    location,
    cause: { island: info.island, template: info.template },
  });
}

/** `<Island name="…">` names no file of templates/islands/. */
export function unknownIslandError(location: SourceLocation, info: { template: string; island: string; known: string[] }): SiteError {
  return new SiteError({
    name: 'UnknownIsland',
    title: 'Unknown island',
    message: `Template "${info.template}" marks an island "${info.island}", but templates/islands/${info.island}.tsx does not exist${info.known.length ? ` (islands: ${info.known.join(', ')})` : ''}.`,
    hint: 'Each island name is a file of templates/islands/ whose default export is islandEntry(TheComponent).',
    field: 'name',
    location,
    cause: { island: info.island, template: info.template },
  });
}
