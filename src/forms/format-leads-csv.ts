import type { LeadRecord } from './lead-store.ts';

const FIXED_COLUMNS = ['id', 'created_at', 'form', 'locale', 'status', 'spam_reason'] as const;
const UPLOAD_COLUMNS = ['cv_original_name', 'cv_stored_name', 'cv_mime', 'cv_size'] as const;

/**
 * Leads as RFC 4180 CSV (CRLF line ends, quotes doubled): the fixed columns, then every field
 * any lead has, in a stable order, then the CV columns.
 */
export function formatLeadsCsv(leads: LeadRecord[]): string {
  const fieldNames = [...new Set(leads.flatMap((lead) => Object.keys(lead.fields)))].sort();
  // A field named like a fixed column (a spam row keeps whatever was posted) gets a prefix.
  const fixed: readonly string[] = [...FIXED_COLUMNS, ...UPLOAD_COLUMNS];
  const header = [...FIXED_COLUMNS, ...fieldNames.map((name) => (fixed.includes(name) ? `field_${name}` : name)), ...UPLOAD_COLUMNS];
  const rows = leads.map((lead) => [
    lead.id,
    lead.createdAt,
    lead.form,
    lead.locale,
    lead.status,
    lead.spamReason ?? '',
    ...fieldNames.map((name) => textOf(lead.fields[name])),
    lead.upload?.originalName ?? '',
    lead.upload?.storedName ?? '',
    lead.upload?.mime ?? '',
    lead.upload ? String(lead.upload.size) : '',
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

// A phone number as people write it (`+1 555 0100`): digits, spaces and ( ) . - only, so even
// read as arithmetic it calls no function.
const PHONE = /^\+[\d\s().-]{6,30}$/;

/**
 * One cell. A value a spreadsheet would read as a formula (= @, a tab or CR that some apps strip
 * first, -, or + unless the value is a phone number) gets a leading apostrophe, so opening the
 * export runs nothing a visitor typed, and a phone reads as it was typed.
 */
export function csvCell(value: string): string {
  const formula = /^[=@\t\r-]/.test(value) || (value.startsWith('+') && !PHONE.test(value));
  const safe = formula ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
