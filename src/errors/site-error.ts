import { codeFrame } from './code-frame.ts';

export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

export interface SiteErrorData {
  /** Permanent name from the catalogue, e.g. `InvalidField`. */
  name: string;
  title: string;
  message: string;
  hint?: string;
  location?: SourceLocation;
  /** The field that is wrong, as a dotted path (`seo.en.title`). */
  field?: string;
  cause?: unknown;
  /** Several problems reported at once (ManyProblems): each printed as its own error. */
  problems?: SiteErrorData[];
}

/** A user-facing error: something in the site's sources is wrong and the editor can fix it. */
export class SiteError extends Error {
  readonly data: SiteErrorData;

  constructor(data: SiteErrorData) {
    super(data.message, data.cause === undefined ? undefined : { cause: data.cause });
    this.name = data.name;
    this.data = data;
  }

  get location(): SourceLocation | undefined {
    return this.data.location;
  }
}

export function isSiteError(error: unknown): error is SiteError {
  return error instanceof SiteError;
}

/** A SiteError rebuilt from its data, e.g. after it crossed a worker-thread boundary. */
export function siteErrorFromData(data: SiteErrorData): SiteError {
  return new SiteError(data);
}

/** `file:line:column`, the form editors and terminals turn into links. */
export function formatLocation(location: SourceLocation): string {
  let text = location.file;
  if (location.line !== undefined) text += `:${location.line}`;
  if (location.line !== undefined && location.column !== undefined) text += `:${location.column}`;
  return text;
}

/** The text printed for a SiteError: where, what (and its name in src/errors/README.md), which field, a code frame and a hint. */
export function formatSiteError(error: SiteError, options: { source?: string } = {}): string {
  const { data } = error;
  const lines: string[] = [];
  const where = data.location ? `${formatLocation(data.location)}: ` : '';
  lines.push(`error ${where}${data.title} (${data.name})`);
  lines.push(`  ${data.message}`);
  if (data.field) lines.push(`  field: ${data.field}`);
  if (options.source !== undefined && data.location?.line !== undefined) {
    lines.push(codeFrame(options.source, data.location.line, data.location.column).replace(/^/gm, '  '));
  }
  if (data.hint) lines.push(`  hint: ${data.hint}`);
  return lines.join('\n');
}
