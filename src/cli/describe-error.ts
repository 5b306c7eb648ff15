import { readFileSync } from 'node:fs';
import { formatCauses, formatSiteError, isSiteError, siteErrorFromData, type SiteError } from '../errors/index.ts';
import type { RunOptions, Verbosity } from './run.ts';

/**
 * The text for any error: SiteErrors with their code frame, our own bugs as "Internal error"
 * (stack under --verbose), then the numbered chain of causes.
 */
export function describeError(error: unknown, opts: RunOptions = {}): string {
  const causes = formatCauses(error, opts);
  const text = opts.oneLine ? describeOnOneLine(error) : describeOne(error, opts);
  return causes ? `${text}\n${causes}` : text;
}

/** How many of a build's problems are printed in full; the rest are counted. */
const SHOWN_PROBLEMS = 50;

function describeOne(error: unknown, opts: Verbosity): string {
  const problems = isSiteError(error) ? error.data.problems : undefined;
  if (problems?.length) {
    const shown = problems.slice(0, SHOWN_PROBLEMS).map((data) => describeOne(siteErrorFromData(data), opts));
    if (problems.length > SHOWN_PROBLEMS) shown.push(`… and ${problems.length - SHOWN_PROBLEMS} more problems not shown.`);
    return [...shown, `${(error as SiteError).data.message} (${(error as SiteError).data.name})`].join('\n\n');
  }
  if (isSiteError(error)) {
    let source: string | undefined;
    try {
      if (error.location?.line !== undefined) source = readFileSync(error.location.file, 'utf8');
    } catch {
      source = undefined;
    }
    return formatSiteError(error, source === undefined ? {} : { source });
  }
  const text = internalMessage(error);
  return opts.verbose && error instanceof Error && error.stack ? `${text}\n${error.stack}` : text;
}

function describeOnOneLine(error: unknown): string {
  if (isSiteError(error) && error.data.problems?.length) {
    return error.data.problems
      .map((p) => `error ${p.title}: ${p.location ? `${p.location.file}${p.location.line ? `:${p.location.line}` : ''}: ` : ''}${p.message}`)
      .join('\n');
  }
  return isSiteError(error) ? `error ${error.data.title}: ${error.data.message}` : internalMessage(error);
}

function internalMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith('Internal error') ? message : `Internal error: ${message}`;
}
