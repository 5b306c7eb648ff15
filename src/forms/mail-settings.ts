import { formsOptionError } from '../errors/index.ts';

export interface MailFlags {
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
}

/**
 * Checks `--smtp-url` (else the SMTP_URL variable: the URL holds a password, so it stays out of
 * site.yaml) and `--mail-from`. The default sender needs the site's URL, so it comes later.
 */
export function parseMailFlags(flags: MailFlags, env: NodeJS.ProcessEnv = process.env): { smtpUrl: string | undefined; from: string | undefined } {
  const source = flags.smtpUrl !== undefined ? '--smtp-url' : 'SMTP_URL';
  const raw = flags.smtpUrl ?? (env['SMTP_URL'] || undefined);
  return { smtpUrl: raw === undefined ? undefined : smtpUrl(source, raw), from: flags.mailFrom === undefined ? undefined : mailFrom(flags.mailFrom) };
}

/** leads@ the site's host (without www.): a sender the site's own domain can vouch for. */
export function defaultMailFrom(siteUrl: string): string {
  return `leads@${new URL(siteUrl).hostname.replace(/^www\./, '')}`;
}

/** host:port, without the credentials, for messages. */
export function describeSmtpUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

function smtpUrl(option: string, value: string): string {
  try {
    const url = new URL(value);
    if ((url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '') return value;
  } catch {
    // reported below
  }
  // Never echo the password.
  const shown = value.replace(/\/\/[^/@]*@/, '//…@');
  throw formsOptionError(option, `"${shown}" is not an SMTP URL: write smtp://user:password@mail.example.com:587 (STARTTLS) or smtps://…:465.`);
}

function mailFrom(value: string): string {
  const address = /^[^<>\r\n]*<([^<>\s]+)>$/.exec(value.trim())?.[1] ?? value.trim();
  if (/^[^\s@<>"]+@[^\s@<>"]+$/.test(address) && !/[\r\n]/.test(value)) return value.trim();
  throw formsOptionError('--mail-from', `"${value}" is not an email address: write leads@example.com or "Example <leads@example.com>".`);
}
