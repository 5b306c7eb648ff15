import type { ZodError } from 'zod';
import { defineError } from '../define-error.ts';
import { describeIssue, locate, type YamlSource } from '../locate.ts';
import { SiteError, type SourceLocation } from '../site-error.ts';

// ── config: any YAML file's syntax and fields, and the files the site folder must hold ──

const YamlSyntaxError = defineError({
  name: 'YamlSyntaxError',
  stage: 'config',
  title: 'Malformed YAML',
  when: 'A YAML file (site.yaml, constants.yaml, a page, a collection, a locale file) or a front matter block cannot be parsed.',
  hint: 'Check indentation (spaces, not tabs) and quote values that contain ": " or start with a special character.',
});

export function yamlSyntaxError(src: YamlSource, cause: { message: string; mark?: { line: number; column: number } }): SiteError {
  const line = cause.mark ? cause.mark.line + 1 + (src.lineOffset ?? 0) : undefined;
  const column = cause.mark ? cause.mark.column + 1 : undefined;
  return YamlSyntaxError({
    message: `The file cannot be parsed as YAML: ${cause.message.split('\n')[0]}`,
    location: { file: src.file, ...(line !== undefined ? { line, column } : {}) },
    cause,
  });
}

const InvalidField = defineError({
  name: 'InvalidField',
  stage: 'config',
  title: 'Invalid field',
  when: 'A YAML file or front matter parses, but a field is missing, has the wrong type or value, or is not one the file accepts.',
  hint: 'Fix this field and build again; every field a file accepts is described in README.md under "Where content lives".',
});

/** The first schema problem of a YAML document, located on its line; `what` names the document ("post front matter"). */
export function invalidFieldError(src: YamlSource, error: ZodError, what: string): SiteError {
  const each = error.issues.map((issue) => {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    const field = path.join('.') || '(root)';
    // An unknown key is shown at its own line, where the editor deletes or renames it.
    const at = issue.code === 'unrecognized_keys' ? [...path, issue.keys[0]!] : path;
    return InvalidField({ title: `Invalid ${what}`, message: `Field "${field}": ${describeIssue(issue)}.`, field, location: locate(src, at) });
  });
  if (each.length === 1) return each[0]!;
  // Every problem is shown, each at its own line; the first gives the error its place.
  const first = each[0]!.data;
  return InvalidField({
    title: `Invalid ${what}`,
    message: `${each.length} fields of this ${what} are invalid; the build stopped.`,
    ...(first.field ? { field: first.field } : {}),
    ...(first.location ? { location: first.location } : {}),
    problems: each.map((e) => e.data),
  });
}

const InvalidEncoding = defineError({
  name: 'InvalidEncoding',
  stage: 'config',
  title: 'Text that is not UTF-8',
  when: 'A YAML, markdown or locale file holds bytes that are not UTF-8, usually because an editor saved it as Windows-1252 or Latin-1.',
  hint: 'Save the file as UTF-8 (in most editors: "Save with encoding" or "Reopen/Save as UTF-8"); a byte order mark is fine.',
});

/** `byte` is the first byte that is not UTF-8; `asWindows1252` is what it would read as in that encoding. */
export function invalidEncodingError(location: SourceLocation, byte: number, asWindows1252: string): SiteError {
  const hex = `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return InvalidEncoding({
    message: `The file is not UTF-8: byte ${hex} here is not valid UTF-8 (in Windows-1252 it would be "${asWindows1252}"). Published as it is, it would show as "\uFFFD".`,
    location,
  });
}

const MissingConfigFile = defineError({
  name: 'MissingConfigFile',
  stage: 'config',
  title: 'Missing configuration file',
  when: 'The site folder has no site.yaml or no constants.yaml, usually because --site points at the wrong folder.',
  hint: 'Point --site at the folder that holds site.yaml and constants.yaml (the default is ./site).',
});

/** `insideSite`: the folder the command runs in holds that file itself (agency-site run inside site/). */
export function missingConfigFileError(file: string, insideSite = false): SiteError {
  return MissingConfigFile({
    message: `${file} does not exist.`,
    location: { file },
    ...(insideSite
      ? { hint: 'This folder is the site folder itself: run agency-site from the project folder above it (cd ..), where ./site is this folder.' }
      : {}),
  });
}
