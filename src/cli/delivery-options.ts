import type { Command } from 'commander';
import { formsOptionError } from '../errors/index.ts';
import { defaultMailFrom, describeSmtpUrl, parseMailFlags, type MailSettings } from '../forms/index.ts';

/** The delivery flags `forms` and `serve` share. */
export interface DeliveryFlags {
  webhook?: string | undefined;
  notifyEmail?: string | undefined;
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
}

/** The flags, checked; the sender stays open until the site's URL is known. */
export interface CheckedDeliveryFlags {
  webhookUrl: string | undefined;
  notifyEmail: string | undefined;
  smtpUrl: string | undefined;
  from: string | undefined;
}

/** What the handler queues (webhookUrl, notifyEmail) and what the outbox delivers with. */
export interface DeliverySettings {
  webhookUrl: string | undefined;
  notifyEmail: string | undefined;
  /** Without it, e-mail rows wait in the outbox. */
  mail: MailSettings | undefined;
}

export function addDeliveryOptions(command: Command): Command {
  return command
    .option('--webhook <url>', 'POST each accepted lead to this URL (retried until it answers 2xx)')
    .option('--notify-email <address>', 'e-mail this address about each accepted lead (sent through --smtp-url, retried until the server accepts it)')
    .option('--smtp-url <url>', 'SMTP server for notification e-mails: smtp://user:pass@host:587 or smtps://…:465 (default: the SMTP_URL variable)')
    .option('--mail-from <address>', "sender of notification e-mails (default: leads@ the host of site.yaml's baseUrl)");
}

/** Checks every delivery flag (and SMTP_URL) at once, so a typo stops the command before it builds or listens. */
export function checkDeliveryFlags(flags: DeliveryFlags, env: NodeJS.ProcessEnv = process.env): CheckedDeliveryFlags {
  const mail = parseMailFlags(flags, env);
  return { webhookUrl: flags.webhook === undefined ? undefined : httpUrl('--webhook', flags.webhook), notifyEmail: flags.notifyEmail, ...mail };
}

/** The settings once the site is loaded: the default sender is leads@ the host of its URL. */
export function resolveDelivery(flags: CheckedDeliveryFlags, siteUrl: string): DeliverySettings {
  const mail = flags.smtpUrl === undefined ? undefined : { smtpUrl: flags.smtpUrl, from: flags.from ?? defaultMailFrom(siteUrl) };
  return { webhookUrl: flags.webhookUrl, notifyEmail: flags.notifyEmail, mail };
}

/** The start-up line about e-mails (never the SMTP password), if there is anything to say. */
export function describeDelivery(delivery: DeliverySettings): string | undefined {
  if (delivery.mail) return `notification e-mails are sent through ${describeSmtpUrl(delivery.mail.smtpUrl)} from ${delivery.mail.from}`;
  if (delivery.notifyEmail) return `notification e-mails to ${delivery.notifyEmail} are queued but not sent until --smtp-url or SMTP_URL is given`;
  return undefined;
}

/** The value of an option that must be an http(s) URL, normalized. */
export function httpUrl(option: string, value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // reported below
  }
  throw formsOptionError(option, `"${value}" is not an http(s) URL.`);
}
