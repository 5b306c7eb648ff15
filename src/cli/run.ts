import { readFileSync } from 'node:fs';
import { formatCauses, formatSiteError, isSiteError } from '../errors/index.ts';

export type Verbosity = { quiet?: boolean; verbose?: boolean };

export interface RunOptions extends Verbosity {
  /** The error itself on one line, "error Title: message" (deploy: a CI log shows that line alone). */
  oneLine?: boolean;
}

/**
 * The text for any error: SiteErrors with their code frame, our own bugs as "Internal error"
 * (stack under --verbose), then the numbered chain of causes.
 */
export function describeError(error: unknown, opts: RunOptions = {}): string {
  const causes = formatCauses(error, opts);
  const text = opts.oneLine ? describeOnOneLine(error) : describeOne(error, opts);
  return causes ? `${text}\n${causes}` : text;
}

function describeOne(error: unknown, opts: Verbosity): string {
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
  return isSiteError(error) ? `error ${error.data.title}: ${error.data.message}` : internalMessage(error);
}

function internalMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith('Internal error') ? message : `Internal error: ${message}`;
}

/** The one place that catches errors of a command, prints them and sets the exit code (1). */
export async function run(action: () => Promise<void>, opts: RunOptions = {}): Promise<void> {
  try {
    await action();
  } catch (error) {
    console.error(describeError(error, opts));
    process.exitCode = 1;
  }
}
