import { Command, InvalidArgumentError } from 'commander';
import { DEFAULT_DB_PATH, DEFAULT_UPLOADS_DIR } from '../forms/defaults.ts';
import { addDeliveryOptions } from './delivery-options.ts';
import type { FormsFlags } from './forms-actions.ts';
import type { ExportFlags, ListFlags } from './leads-actions.ts';
import { run } from './run.ts';

// Registered at start-up; SQLite, the server and the site load in the actions (forms-actions.ts).

function integer(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    return n;
  };
}

/** `agency-site forms` (the endpoint) and `agency-site leads list|export`. */
export function registerFormsCommands(program: Command): void {
  addDeliveryOptions(
    program
      .command('forms')
      .description('serve the forms endpoint (POST /api/forms/{contact,newsletter,guide,careers}) and deliver webhooks and notification e-mails')
      .option('--port <n>', 'port to listen on', integer(0, 65535), 8787)
      .option('--host <host>', 'address to listen on', '127.0.0.1')
      .option('--db <path>', 'SQLite file of the leads', DEFAULT_DB_PATH)
      .option('--uploads <dir>', 'folder for CVs, outside the web root', DEFAULT_UPLOADS_DIR)
      .option('--site <dir>', 'site content folder (locales, thank-you pages, origin)', './site'),
  )
    .option('--origin <url>', "the site's origin when it is not this server's host (CORS and absolute redirects); default: site.yaml baseUrl for CORS")
    .option('--rate-limit <n>', 'submissions per client address per minute (0: no limit)', integer(0, 1_000_000), 10)
    .option(
      '--trust-proxy [hops]',
      'the proxies in front that append to X-Forwarded-For (default 1: CloudFront, or nginx); the client address is the entry left of theirs',
      integer(1, 10),
    )
    .action((flags: FormsFlags) => run(async () => (await import('./forms-actions.ts')).serveForms(flags)));

  const leads = program.command('leads').description('read the leads the forms endpoint stored');
  leads
    .command('list')
    .description('print the newest leads')
    .option('--db <path>', 'SQLite file of the leads', DEFAULT_DB_PATH)
    .option('--form <name>', 'only this form (contact, newsletter, guide, careers)')
    .option('--limit <n>', 'how many', integer(1, 1_000_000), 50)
    .option('--include-spam', 'also list submissions stored as spam')
    .option('--json', 'print JSON instead of a table')
    .action((flags: ListFlags) => run(async () => (await import('./leads-actions.ts')).listCommand(flags)));
  leads
    .command('export')
    .description('export every lead, oldest first')
    .option('--csv', 'as CSV (RFC 4180; cells that a spreadsheet would run as formulas are neutralized)')
    .option('--db <path>', 'SQLite file of the leads', DEFAULT_DB_PATH)
    .option('--out <file>', 'write to this file instead of standard output')
    .option('--form <name>', 'only this form')
    .option('--include-spam', 'also export submissions stored as spam')
    .action((flags: ExportFlags) => run(async () => (await import('./leads-actions.ts')).exportCommand(flags)));
  leads
    .command('backup <file>')
    .description('copy the database consistently (one snapshot), safe while the server takes leads')
    .option('--db <path>', 'SQLite file of the leads', DEFAULT_DB_PATH)
    .action((file: string, flags: { db: string }) => run(async () => (await import('./leads-actions.ts')).backupCommand(file, flags)));
}
