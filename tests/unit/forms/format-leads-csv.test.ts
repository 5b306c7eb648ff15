import { describe, expect, it } from 'vitest';
import { csvCell, formatLeadsCsv, type LeadRecord } from '../../../src/forms/index.ts';

function makeLead(overrides: Partial<LeadRecord> = {}): LeadRecord {
  return {
    id: 'l1',
    form: 'contact',
    locale: 'en',
    status: 'accepted',
    spamReason: null,
    createdAt: '2026-01-02T03:04:05.000Z',
    fields: { name: 'Ana', email: 'ana@example.com' },
    upload: null,
    ...overrides,
  };
}

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+54 11 1234', '+54 11 1234'],
    ['+1 (555) 010-0100', '+1 (555) 010-0100'],
    ['+SUM(A1:A9)', "'+SUM(A1:A9)"],
    ['+1+cmd|calc', "'+1+cmd|calc"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['a=b', 'a=b'],
  ])('%j → %j', (input, expected) => expect(csvCell(input)).toBe(expected));
});

describe('formatLeadsCsv', () => {
  it('writes a header, then one CRLF-terminated row a lead, fields in a stable order', () => {
    const csv = formatLeadsCsv([
      makeLead(),
      makeLead({
        id: 'l2',
        form: 'careers',
        fields: { name: 'Luis', role: 'android' },
        upload: { storedName: 'abc', originalName: 'cv, final.pdf', mime: 'application/pdf', size: 42 },
      }),
    ]);
    expect(csv).toBe(
      'id,created_at,form,locale,status,spam_reason,email,name,role,cv_original_name,cv_stored_name,cv_mime,cv_size\r\n' +
        'l1,2026-01-02T03:04:05.000Z,contact,en,accepted,,ana@example.com,Ana,,,,,\r\n' +
        'l2,2026-01-02T03:04:05.000Z,careers,en,accepted,,,Luis,android,"cv, final.pdf",abc,application/pdf,42\r\n',
    );
  });

  it('neutralizes formulas typed into any field', () => {
    const csv = formatLeadsCsv([makeLead({ fields: { name: '=cmd|" /C calc"!A0', email: 'a@example.com' } })]);
    expect(csv).toContain(`"'=cmd|"" /C calc""!A0"`);
    expect(csv).not.toMatch(/,=/);
  });

  it('keeps a posted field named like a fixed column apart', () => {
    const csv = formatLeadsCsv([makeLead({ status: 'spam', spamReason: 'honeypot', fields: { status: 'x', website: 'http://spam' } })]);
    expect(csv.split('\r\n')[0]).toBe('id,created_at,form,locale,status,spam_reason,field_status,website,cv_original_name,cv_stored_name,cv_mime,cv_size');
  });

  it('is just the header when there are no leads', () => {
    expect(formatLeadsCsv([])).toBe('id,created_at,form,locale,status,spam_reason,cv_original_name,cv_stored_name,cv_mime,cv_size\r\n');
  });
});
