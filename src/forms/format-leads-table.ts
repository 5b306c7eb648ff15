import type { LeadRecord } from './lead-store.ts';

/** `leads list` for a terminal: one line a lead, newest first, long values cut. */
export function formatLeadsTable(leads: LeadRecord[]): string {
  if (leads.length === 0) return 'No leads yet.';
  const rows = leads.map((lead) => [
    lead.createdAt.replace('T', ' ').slice(0, 19),
    lead.form,
    lead.locale,
    lead.status === 'spam' ? `spam (${lead.spamReason ?? '?'})` : 'accepted',
    cut(text(lead.fields['name']), 30),
    cut(text(lead.fields['email']), 40),
    lead.id,
    // Last, so a long message runs to the line's end instead of pushing the other columns away.
    cut(text(lead.fields['message']).replace(/\s+/g, ' ').trim(), 60),
  ]);
  const header = ['created (UTC)', 'form', 'locale', 'status', 'name', 'email', 'id', 'message'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

function text(value: unknown): string {
  // Terminal escape sequences typed into a form must not reach the terminal.
  // eslint-disable-next-line no-control-regex
  return typeof value === 'string' ? value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ') : '';
}

function cut(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}
