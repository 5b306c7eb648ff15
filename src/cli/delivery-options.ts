import type { Command } from 'commander';
import type { MailSettings } from '../forms/index.ts';

// The delivery flags `forms` and `serve` share, registered at start-up; checking them
// (delivery-settings.ts) loads with the command's action.

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
