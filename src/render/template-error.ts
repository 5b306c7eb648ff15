import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { basename } from 'node:path';
import { isSiteError, templateRuntimeError, type SiteError, type SourceLocation } from '../errors/index.ts';
import { displayPath } from '../node/display-path.ts';
import type { PlannedPage } from '../plan/index.ts';

/**
 * A template that throws while rendering a page: the error is placed at the template line through
 * the server bundle's source map (written beside it by compile-templates.ts; read only here).
 */
export function templateError(error: unknown, page: PlannedPage, templatesFile: string): SiteError | undefined {
  if (isSiteError(error) || !(error instanceof Error)) return undefined;
  const location = locateInBundle(error.stack ?? '', templatesFile);
  return templateRuntimeError(location, { template: page.template, page: page.path, message: error.message });
}

function locateInBundle(stack: string, templatesFile: string): SourceLocation | undefined {
  let map: SourceMap;
  let root = '';
  try {
    const payload = JSON.parse(readFileSync(`${templatesFile}.map`, 'utf8')) as { sourceRoot?: string };
    root = payload.sourceRoot ?? '';
    map = new SourceMap(payload as ConstructorParameters<typeof SourceMap>[0]);
  } catch {
    return undefined;
  }
  const name = basename(templatesFile).replace(/[.]/g, '\\.');
  for (const frame of stack.matchAll(new RegExp(`${name}:(\\d+):(\\d+)`, 'g'))) {
    const entry = map.findEntry(Number(frame[1]) - 1, Number(frame[2]) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
    // React's own frames (node_modules) say nothing to an editor: the first template frame does.
    if (!entry.originalSource || entry.originalSource.includes('node_modules')) continue;
    const source = entry.originalSource.startsWith('file://') ? new URL(entry.originalSource).pathname : entry.originalSource;
    const file = source.startsWith('/') ? source : root + source;
    return { file: displayPath(file), line: entry.originalLine! + 1, column: entry.originalColumn! + 1 };
  }
  return undefined;
}
