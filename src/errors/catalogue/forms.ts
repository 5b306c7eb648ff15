import { defineError } from '../define-error.ts';
import { SiteError } from '../site-error.ts';

// ── forms: `forms`, `serve` and `leads` ──

const LeadsDatabaseMissing = defineError({
  name: 'LeadsDatabaseMissing',
  stage: 'forms',
  title: 'No leads database',
  when: '`leads list`, `leads export` or `leads backup` is given a --db file that does not exist.',
  hint: 'Start the forms server (`agency-site forms`) to create it, or pass the right file with --db.',
});

export function leadsDatabaseMissingError(path: string): SiteError {
  return LeadsDatabaseMissing({ message: `There is no leads database at ${path}.`, location: { file: path } });
}

const InvalidFormsOption = defineError({
  name: 'InvalidFormsOption',
  stage: 'forms',
  title: 'Invalid option',
  when: 'An option or environment variable of `forms`, `serve` or `leads` has a value that cannot work (an SMTP URL, a sender address, a port in use, a backup file).',
  // `forms`, `serve` and `leads` report these, so the hint names none of them.
  hint: 'Run the command with --help for the accepted values.',
});

/** `message` says what is wrong with the value and, where it can, what to write instead. */
export function formsOptionError(option: string, message: string): SiteError {
  return InvalidFormsOption({ title: `Invalid ${option}`, message });
}
