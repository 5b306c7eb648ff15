import { SiteError } from '../errors/index.ts';

// User-facing errors of the forms commands. They belong in src/errors/catalogue.ts, which this
// change could not edit; the names are permanent all the same.

export function leadsDatabaseMissingError(path: string): SiteError {
  return new SiteError({
    name: 'LeadsDatabaseMissing',
    title: 'No leads database',
    message: `There is no leads database at ${path}.`,
    hint: 'Start the forms server (`agency-site forms`) to create it, or pass the right file with --db.',
    location: { file: path },
  });
}

export function formsOptionError(option: string, message: string): SiteError {
  return new SiteError({
    name: 'InvalidFormsOption',
    title: `Invalid ${option}`,
    message,
    // `forms`, `serve` and `leads` report these, so the hint names none of them.
    hint: 'Run the command with --help for the accepted values.',
  });
}
