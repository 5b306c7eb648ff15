import { readFileSync } from 'node:fs';
import { formatSiteError, isSiteError } from '../errors/index.ts';
import type { Verbosity } from './run.ts';

/** The text for any error: SiteErrors with their code frame, our own bugs as "Internal error". */
export function describeError(error: unknown, opts: Verbosity = {}): string {
  if (isSiteError(error)) {
    let source: string | undefined;
    try {
      if (error.location?.line !== undefined) source = readFileSync(error.location.file, 'utf8');
    } catch {
      source = undefined;
    }
    return formatSiteError(error, source === undefined ? {} : { source });
  }
  const message = error instanceof Error ? error.message : String(error);
  const text = message.startsWith('Internal error') ? message : `Internal error: ${message}`;
  return opts.verbose && error instanceof Error && error.stack ? `${text}\n${error.stack}` : text;
}
