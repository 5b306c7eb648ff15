import { formsOptionError } from '../errors/index.ts';
import { defaultMailFrom, describeSmtpUrl, parseMailFlags } from '../forms/index.ts';
import type { CheckedDeliveryFlags, DeliveryFlags, DeliverySettings } from './delivery-options.ts';

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

/** One line per stored lead, for the operator: what and where, never the visitor's name or address. */
export function logLead(lead: { id: string; form: string; locale: string }): void {
  console.log(`${new Date().toISOString()} lead stored: ${lead.form} form (${lead.locale}), id ${lead.id}`);
}
