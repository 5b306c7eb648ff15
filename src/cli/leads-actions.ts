// `leads list` and `leads export`: only SQLite and the formatters, not the server or the site.
import { existsSync, writeFileSync } from 'node:fs';
import { formatLeadsCsv } from '../forms/format-leads-csv.ts';
import { formatLeadsTable } from '../forms/format-leads-table.ts';
import { formsOptionError, leadsDatabaseMissingError } from '../errors/index.ts';
import { listLeads } from '../forms/lead-store.ts';
import { openDatabase } from '../forms/open-database.ts';

function openExisting(path: string) {
  if (!existsSync(path)) throw leadsDatabaseMissingError(path);
  return openDatabase({ path, fileMustExist: true });
}

export interface ListFlags {
  db: string;
  form?: string;
  limit: number;
  json?: boolean;
  includeSpam?: boolean;
}

export async function listCommand(flags: ListFlags): Promise<void> {
  const db = openExisting(flags.db);
  try {
    const leads = listLeads(db, { form: flags.form, limit: flags.limit, includeSpam: flags.includeSpam === true });
    console.log(flags.json ? JSON.stringify(leads, null, 2) : formatLeadsTable(leads));
  } finally {
    db.close();
  }
}

export interface ExportFlags {
  db: string;
  csv?: boolean;
  out?: string;
  form?: string;
  includeSpam?: boolean;
}

export async function exportCommand(flags: ExportFlags): Promise<void> {
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

/** `leads backup <file>`: a consistent copy (one snapshot, `VACUUM INTO`), checked before it is kept. */
export async function backupCommand(file: string, flags: { db: string }): Promise<void> {
  const { backupLeads } = await import('../forms/backup-leads.ts');
  const r = await backupLeads({ db: flags.db, file });
  console.log(`backed up ${r.leads} lead${r.leads === 1 ? '' : 's'} (${(r.bytes / 1024).toFixed(0)} kB) to ${file}; integrity check ok`);
}
