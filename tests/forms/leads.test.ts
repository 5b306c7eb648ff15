import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatLeadsTable, insertLead, listLeads, newLeadId, type NewLead } from '../../src/forms/index.ts';
import { runCli, tempDatabase } from './support.ts';

let store: ReturnType<typeof tempDatabase>;
beforeEach(() => {
  store = tempDatabase();
  const add = (lead: Partial<NewLead>, minute: number) =>
    insertLead(store.db, {
      id: newLeadId(),
      form: 'contact',
      locale: 'en',
      status: 'accepted',
      fields: {},
      createdAt: `2026-02-01T10:0${minute}:00.000Z`,
      ...lead,
    });
  add({ fields: { name: 'Ana', email: 'ana@example.com', message: '=1+1 please' } }, 1);
  add({ form: 'newsletter', locale: 'es', fields: { email: 'bea@example.com' } }, 2);
  add({ status: 'spam', spamReason: 'honeypot', fields: { name: 'Bot', website: 'x' } }, 3);
  add(
    {
      form: 'careers',
      fields: { name: 'Luis\u001b[31m', email: 'luis@example.com' },
      upload: { storedName: 'f00', originalName: 'cv.pdf', mime: 'application/pdf', size: 9 },
    },
    4,
  );
});
afterEach(() => store.cleanup());

describe('listLeads', () => {
  it('lists accepted leads newest first, filtered and limited', () => {
    expect(listLeads(store.db).map((l) => l.form)).toEqual(['careers', 'newsletter', 'contact']);
    expect(listLeads(store.db, { includeSpam: true })).toHaveLength(4);
    expect(listLeads(store.db, { form: 'newsletter' })).toMatchObject([{ locale: 'es', fields: { email: 'bea@example.com' } }]);
    expect(listLeads(store.db, { limit: 1 })[0]).toMatchObject({ form: 'careers', upload: { originalName: 'cv.pdf', storedName: 'f00' } });
    expect(listLeads(store.db, { order: 'oldest' })[0]!.form).toBe('contact');
  });

  it('prints a table without the control characters a visitor typed', () => {
    const table = formatLeadsTable(listLeads(store.db));
    expect(table.split('\n')[0]).toMatch(/^created \(UTC\)\s+form\s+locale\s+status\s+name\s+email\s+id\s+message$/);
    // Each lead's message, where it has one, on its line.
    expect(table.split('\n').find((l) => l.includes('Ana'))).toMatch(/=1\+1 please$/);
    expect(table).toContain('Luis [31m');
    expect(table).not.toContain('\u001b');
    expect(formatLeadsTable([])).toBe('No leads yet.');
  });
});

describe('leads commands', () => {
  const dbPath = () => join(store.dir, 'leads.db');

  afterEach(() => {
    process.exitCode = undefined;
  });

  it('leads list prints JSON with --json', async () => {
    const { out } = await runCli('leads', 'list', '--db', dbPath(), '--form', 'contact', '--json');
    expect(JSON.parse(out)).toMatchObject([{ form: 'contact', fields: { name: 'Ana' } }]);
  });

  it('leads export --csv writes RFC 4180 CSV to --out, formulas neutralized', async () => {
    const file = join(store.dir, 'leads.csv');
    await runCli('leads', 'export', '--csv', '--db', dbPath(), '--out', file);
    const csv = readFileSync(file, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('id,created_at,form,locale,status,spam_reason,email,message,name,cv_original_name,cv_stored_name,cv_mime,cv_size');
    expect(lines).toHaveLength(5); // header, three leads, and the final CRLF
    expect(lines[1]).toContain(",'=1+1 please,");
  });

  it('a missing database is a friendly error and exit code 1', async () => {
    const { err } = await runCli('leads', 'list', '--db', join(store.dir, 'missing.db'));
    expect(err).toContain('There is no leads database at');
    expect(err).not.toMatch(/\n\s+at /);
    expect(process.exitCode).toBe(1);
  });

  it('export without a format says which one exists', async () => {
    const { err } = await runCli('leads', 'export', '--db', dbPath());
    expect(err).toContain('--csv');
    expect(process.exitCode).toBe(1);
  });
});
