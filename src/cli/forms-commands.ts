import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Command, InvalidArgumentError } from 'commander';
import { createThirdPartyProxy } from '../dev/index.ts';
import { securityHeaders } from '../shared/security-headers.ts';
import { loadSiteConfig } from '../config/index.ts';
import { loadContent } from '../content/index.ts';
import { formsOptionError, leadsDatabaseMissingError } from '../errors/index.ts';
import {
  DEFAULT_DB_PATH,
  DEFAULT_UPLOADS_DIR,
  formatLeadsCsv,
  formatLeadsTable,
  listLeads,
  openDatabase,
  startFormsServer,
  thankYouRedirects,
  thankYouSlugs,
} from '../forms/index.ts';
import { addDeliveryOptions, checkDeliveryFlags, describeDelivery, httpUrl, resolveDelivery, type DeliveryFlags } from './delivery-options.ts';
import { run } from './run.ts';
import { stopOnSignals } from './stop-on-signals.ts';

function integer(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    return n;
  };
}

interface FormsFlags extends DeliveryFlags {
  port: number;
  host: string;
  db: string;
  uploads: string;
  site: string;
  origin?: string;
  rateLimit: number;
  trustProxy?: boolean;
}

async function serveForms(flags: FormsFlags): Promise<void> {
  const deliveryFlags = checkDeliveryFlags(flags);
  if (!existsSync(join(flags.site, 'site.yaml'))) throw formsOptionError('--site', `There is no site.yaml in ${flags.site}: point --site at the site content folder.`);
  const config = await loadSiteConfig({ siteDir: flags.site });
  const content = await loadContent({ siteDir: flags.site, config });
  const slugOf = (id: string) => content.pages.find((page) => page.id === id)?.slug;
  const origin = flags.origin === undefined ? undefined : new URL(httpUrl('--origin', flags.origin)).origin;
  const endpoint = config.settings.forms.endpoint;
  const delivery = resolveDelivery(deliveryFlags, config.settings.baseUrl);
  const forms = await startFormsServer({
    port: flags.port,
    host: flags.host,
    dbPath: flags.db,
    uploadsDir: flags.uploads,
    // With --origin the site lives on another host, so redirects must name it.
    redirects: thankYouRedirects({ locales: config.locales, defaultLocale: config.defaultLocale, ...thankYouSlugs(slugOf), siteOrigin: origin }),
    defaultLocale: config.defaultLocale,
    basePath: endpoint.startsWith('/') ? endpoint : new URL(endpoint).pathname,
    allowedOrigin: origin ?? config.settings.baseUrl,
    rateLimit: flags.rateLimit > 0 ? { max: flags.rateLimit, windowMs: 60_000 } : false,
    webhookUrl: delivery.webhookUrl,
    notifyEmail: delivery.notifyEmail,
    siteName: config.settings.name,
    trustProxy: flags.trustProxy === true,
    onError: (error) => console.error(`forms: ${error instanceof Error ? error.message : String(error)}`),
    outbox: { mail: delivery.mail, onError: (message) => console.error(`forms: ${message}`) },
    // The same third-party proxy as `serve`, for static hosts that send /__third-party-proxy here.
    extraHandlers: [proxyHandler(config.settings.thirdPartyAllowlist)],
  }).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw formsOptionError('--port', `Port ${flags.port} on ${flags.host} is already in use: stop what uses it or pick another --port.`);
    if (code === 'EACCES' || code === 'EADDRNOTAVAIL') throw formsOptionError('--host', `Cannot listen on ${flags.host}:${flags.port} (${code}).`);
    throw error;
  });
  const notice = describeDelivery(delivery);
  if (notice) console.log(notice);
  console.log(`forms endpoint at ${forms.url}${endpoint.startsWith('/') ? endpoint : new URL(endpoint).pathname}/{contact,newsletter,guide,careers} (Ctrl+C to stop)`);
  stopOnSignals({ finishing: 'submissions under way', stopped: 'forms endpoint stopped', stop: () => forms.close() });
}

function proxyHandler(allowlist: string[]) {
  const proxy = createThirdPartyProxy({ allowlist });
  const headers = securityHeaders();
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/__third-party-proxy') return false;
    await proxy(req, res, url, headers);
    return true;
  };
}

function openExisting(path: string) {
  if (!existsSync(path)) throw leadsDatabaseMissingError(path);
  return openDatabase({ path, fileMustExist: true });
}

interface ListFlags {
  db: string;
  form?: string;
  limit: number;
  json?: boolean;
  includeSpam?: boolean;
}

async function listCommand(flags: ListFlags): Promise<void> {
  const db = openExisting(flags.db);
  try {
    const leads = listLeads(db, { form: flags.form, limit: flags.limit, includeSpam: flags.includeSpam === true });
    console.log(flags.json ? JSON.stringify(leads, null, 2) : formatLeadsTable(leads));
  } finally {
    db.close();
  }
}

interface ExportFlags {
  db: string;
  csv?: boolean;
  out?: string;
  form?: string;
  includeSpam?: boolean;
}

async function exportCommand(flags: ExportFlags): Promise<void> {
  if (!flags.csv) throw formsOptionError('export format', 'Choose the export format: --csv is the one available.');
  const db = openExisting(flags.db);
  try {
    const csv = formatLeadsCsv(listLeads(db, { form: flags.form, includeSpam: flags.includeSpam === true, order: 'oldest' }));
    // Leads are personal data: the file is readable by its owner only.
    if (flags.out) writeFileSync(flags.out, csv, { mode: 0o600 });
    else process.stdout.write(csv);
  } finally {
    db.close();
  }
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
    .option('--trust-proxy', 'read the client address from X-Forwarded-For (only behind a proxy that sets it)')
    .action((flags: FormsFlags) => run(() => serveForms(flags)));

  const leads = program.command('leads').description('read the leads the forms endpoint stored');
  leads
    .command('list')
    .description('print the newest leads')
    .option('--db <path>', 'SQLite file of the leads', DEFAULT_DB_PATH)
    .option('--form <name>', 'only this form (contact, newsletter, guide, careers)')
    .option('--limit <n>', 'how many', integer(1, 1_000_000), 50)
    .option('--include-spam', 'also list submissions stored as spam')
    .option('--json', 'print JSON instead of a table')
    .action((flags: ListFlags) => run(() => listCommand(flags)));
  leads
    .command('export')
    .description('export every lead, oldest first')
    .option('--csv', 'as CSV (RFC 4180; cells that a spreadsheet would run as formulas are neutralized)')
    .option('--db <path>', 'SQLite file of the leads', DEFAULT_DB_PATH)
    .option('--out <file>', 'write to this file instead of standard output')
    .option('--form <name>', 'only this form')
    .option('--include-spam', 'also export submissions stored as spam')
    .action((flags: ExportFlags) => run(() => exportCommand(flags)));
  leads
    .command('backup <file>')
    .description('copy the database consistently (SQLite backup API), safe while the server takes leads')
    .option('--db <path>', 'SQLite file of the leads', DEFAULT_DB_PATH)
    .action((file: string, flags: { db: string }) => run(async () => console.log(formatBackup(file, await (await import('../forms/backup-leads.ts')).backupLeads({ db: flags.db, file })))));
}

const formatBackup = (file: string, r: { leads: number; bytes: number }) => `backed up ${r.leads} lead${r.leads === 1 ? '' : 's'} (${(r.bytes / 1024).toFixed(0)} kB) to ${file}; integrity check ok`;
