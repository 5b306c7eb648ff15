import { describe, expect, it } from 'vitest';
import { defaultMailFrom, describeSmtpUrl, parseMailFlags } from '../../../src/forms/index.ts';

describe('parseMailFlags', () => {
  it.each([
    { flags: {}, env: {}, smtpUrl: undefined, from: undefined },
    { flags: { smtpUrl: 'smtp://u:p@mail.example.com:587' }, env: {}, smtpUrl: 'smtp://u:p@mail.example.com:587', from: undefined },
    { flags: { smtpUrl: 'smtps://mail.example.com' }, env: { SMTP_URL: 'smtp://other.example.com' }, smtpUrl: 'smtps://mail.example.com', from: undefined },
    { flags: {}, env: { SMTP_URL: 'smtp://mail.example.com:2525' }, smtpUrl: 'smtp://mail.example.com:2525', from: undefined },
    { flags: {}, env: { SMTP_URL: '' }, smtpUrl: undefined, from: undefined },
    { flags: { mailFrom: ' leads@example.com ' }, env: {}, smtpUrl: undefined, from: 'leads@example.com' },
    { flags: { mailFrom: 'Southbridge Dev <leads@example.com>' }, env: {}, smtpUrl: undefined, from: 'Southbridge Dev <leads@example.com>' },
  ])('$flags with $env', ({ flags, env, smtpUrl, from }) => expect(parseMailFlags(flags, env)).toEqual({ smtpUrl, from }));

  it.each([
    { flags: { smtpUrl: 'http://mail.example.com' }, env: {}, title: 'Invalid --smtp-url' },
    { flags: { smtpUrl: 'mail.example.com:587' }, env: {}, title: 'Invalid --smtp-url' },
    { flags: {}, env: { SMTP_URL: 'smtp:///no-host' }, title: 'Invalid SMTP_URL' },
    { flags: { mailFrom: 'leads' }, env: {}, title: 'Invalid --mail-from' },
    { flags: { mailFrom: 'a@example.com\r\nBcc: b@example.com' }, env: {}, title: 'Invalid --mail-from' },
    { flags: { mailFrom: 'Leads <not an address>' }, env: {}, title: 'Invalid --mail-from' },
  ])('rejects $flags $env', ({ flags, env, title }) =>
    expect(() => parseMailFlags(flags, env)).toThrow(expect.objectContaining({ data: expect.objectContaining({ title }) })),
  );

  it('never repeats the password of a rejected URL', () => {
    expect(() => parseMailFlags({ smtpUrl: 'https://leads:s3cret@mail.example.com' }, {})).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('s3cret') }),
    );
  });
});

describe('defaultMailFrom and describeSmtpUrl', () => {
  it.each([
    ['https://southbridge.dev', 'leads@southbridge.dev'],
    ['https://www.example.com/base/', 'leads@example.com'],
    ['http://localhost:8000', 'leads@localhost'],
  ])('%s sends as %s', (site, from) => expect(defaultMailFrom(site)).toBe(from));

  it('shows the server without its credentials', () => expect(describeSmtpUrl('smtp://leads:s3cret@mail.example.com:587')).toBe('smtp://mail.example.com:587'));
});
