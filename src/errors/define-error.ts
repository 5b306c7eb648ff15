import { SiteError, type SiteErrorData } from './site-error.ts';

/** The stages of the catalogue, in the order the reference (README.md) lists them. */
export const STAGES = {
  config: 'Configuration (site.yaml, constants.yaml, any YAML file)',
  content: 'Content (pages, collections, markdown files)',
  markdown: 'Markdown',
  i18n: 'Messages and translations',
  plan: 'Planning pages and URLs',
  images: 'Images',
  render: 'Templates and rendering',
  assets: 'Assets (browser bundle and stylesheet)',
  checks: '`agency-site check`',
  forms: 'Forms endpoint and leads (`forms`, `serve`, `leads`)',
  deploy: '`agency-site deploy`',
  cli: 'Commands (`new post`)',
} as const;

export type Stage = keyof typeof STAGES;

/** What never changes for one error, whatever the case: its name, title and the reference text. */
export interface ErrorEntry {
  /** Permanent: docs, tests and people searching for the message refer to it. */
  name: string;
  stage: Stage;
  title: string;
  /** When it happens, for the reference. */
  when: string;
  /** What to do, shown under the message; a case may give a more precise one. */
  hint: string;
}

/** The details of one case; title and hint fall back to the entry's. */
export type ErrorCase = Omit<SiteErrorData, 'name' | 'title' | 'hint'> & { title?: string; hint?: string };

/** Every entry, in the order the catalogue defines them. */
export const ERROR_ENTRIES: ErrorEntry[] = [];

/** Registers an entry (one per name) and returns the function that makes its SiteErrors. */
export function defineError(entry: ErrorEntry): (details: ErrorCase) => SiteError {
  if ([...ERROR_ENTRIES, ...WARNING_ENTRIES, ...FINDING_ENTRIES].some((e) => e.name === entry.name))
    throw new Error(`Internal error: the catalogue defines ${entry.name} twice`);
  ERROR_ENTRIES.push(entry);
  return ({ title, hint, ...details }) => new SiteError({ name: entry.name, title: title ?? entry.title, hint: hint ?? entry.hint, ...details });
}

/** A warning the build reports and goes on: the page is published, but not as its source says. */
export interface BuildWarning {
  /** Permanent, like an error's: the entry in src/errors/README.md. */
  name: string;
  text: string;
}

/** Every warning entry, in the order the catalogue defines them. */
export const WARNING_ENTRIES: ErrorEntry[] = [];

/** Registers a warning entry (names are shared with errors, never reused) and returns the function that words its cases. */
export function defineWarning(entry: ErrorEntry): (text: string) => BuildWarning {
  if ([...ERROR_ENTRIES, ...WARNING_ENTRIES, ...FINDING_ENTRIES].some((e) => e.name === entry.name))
    throw new Error(`Internal error: the catalogue defines ${entry.name} twice`);
  WARNING_ENTRIES.push(entry);
  return (text) => ({ name: entry.name, text });
}

/** A finding of `agency-site check`: an entry of the catalogue, its check and its usual severity. */
export interface FindingEntry extends ErrorEntry {
  check: string;
  severity: 'error' | 'warning';
}

/** One finding's case: where, what, and a more precise hint or severity when the case has one. */
export interface FindingCase {
  file: string;
  line?: number;
  page?: string;
  message: string;
  hint?: string;
  severity?: 'error' | 'warning';
}

/** Every finding entry, in the order the catalogue defines them. */
export const FINDING_ENTRIES: FindingEntry[] = [];

/** Registers a finding entry (names unique across the whole catalogue) and returns the function that makes its findings. */
export function defineFinding<C extends string>(entry: FindingEntry & { check: C }) {
  if ([...ERROR_ENTRIES, ...WARNING_ENTRIES, ...FINDING_ENTRIES].some((e) => e.name === entry.name))
    throw new Error(`Internal error: the catalogue defines ${entry.name} twice`);
  FINDING_ENTRIES.push(entry);
  return findingOf(entry);
}

/**
 * A check reporting a problem the build already names (raw HTML removed, a missing message): the
 * finding carries that error's or warning's name and hint, so one problem has one name everywhere.
 */
export function findingOf<C extends string>(entry: ErrorEntry & { check: C; severity: 'error' | 'warning' }) {
  return ({ hint, severity, ...where }: FindingCase) => ({
    name: entry.name,
    check: entry.check,
    severity: severity ?? entry.severity,
    ...where,
    hint: hint ?? entry.hint,
  });
}

/** The entry of a name, wherever the catalogue defines it. */
export function catalogueEntry(name: string): ErrorEntry | undefined {
  return [...ERROR_ENTRIES, ...WARNING_ENTRIES, ...FINDING_ENTRIES].find((e) => e.name === name);
}
