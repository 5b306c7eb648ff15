import { readFileSync } from 'node:fs';
import { invalidPageDataError, locateYamlPath, type SiteError } from '../errors/index.ts';
import type { PlannedPage } from '../plan/index.ts';

interface ContentErrorLike {
  name: 'ContentError';
  message: string;
  field: Array<string | number>;
}

// templates/lib/content-error.ts is bundled with the templates, so it is recognised by shape, not class.
const isContentError = (error: unknown): error is ContentErrorLike =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ContentError' && Array.isArray((error as { field?: unknown }).field);

/** A template's ContentError as a SiteError at the field's line in the page's YAML; anything else: undefined. */
export function pageDataError(error: unknown, page: PlannedPage): SiteError | undefined {
  if (!isContentError(error)) return undefined;
  const path = ['data', ...error.field];
  let line: number | undefined;
  let column: number | undefined;
  try {
    const found = locateYamlPath(readFileSync(page.source.file, 'utf8'), path);
    line = found?.line;
    column = found?.column;
  } catch {
    // Posts and documents have no data block; their source line stands.
  }
  return invalidPageDataError({
    location: line === undefined ? page.source : { file: page.source.file, line, ...(column !== undefined ? { column } : {}) },
    field: path.join('.'),
    template: page.template,
    pageUrl: page.path,
    message: error.message,
  });
}
