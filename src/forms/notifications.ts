import type { NewLead } from './lead-store.ts';

/** The payload of an 'email' outbox row, rendered when the lead is accepted. */
export interface NotificationEmail {
  to: string;
  subject: string;
  text: string;
}

export interface NotificationOptions {
  webhookUrl?: string | undefined;
  /** Address that is told about each accepted lead (queued as an 'email' outbox row). */
  notifyEmail?: string | undefined;
  siteName?: string | undefined;
}

/** The outbox rows an accepted lead queues: one per configured channel. */
export function buildNotifications(lead: Omit<NewLead, 'outbox'>, options: NotificationOptions): NonNullable<NewLead['outbox']> {
  const rows: NonNullable<NewLead['outbox']> = [];
  const upload = lead.upload ? { originalName: lead.upload.originalName, mime: lead.upload.mime, size: lead.upload.size } : null;
  if (options.webhookUrl) {
    const body = { event: 'lead.created', lead: { id: lead.id, form: lead.form, locale: lead.locale, createdAt: lead.createdAt, fields: lead.fields, upload } };
    rows.push({ kind: 'webhook', payload: JSON.stringify(body) });
  }
  if (options.notifyEmail) rows.push({ kind: 'email', payload: JSON.stringify(renderEmail(lead, options.notifyEmail, options.siteName)) });
  return rows;
}

function renderEmail(lead: Omit<NewLead, 'outbox'>, to: string, siteName = 'the website'): NotificationEmail {
  const who = [lead.fields['name'], lead.fields['email']].filter((v) => typeof v === 'string' && v !== '').join(' ');
  const lines = Object.entries(lead.fields).map(([key, value]) => `${key}: ${String(value).replace(/\r?\n/g, '\n  ')}`);
  if (lead.upload) lines.push(`cv: ${lead.upload.originalName} (${lead.upload.mime}, ${lead.upload.size} bytes, stored as ${lead.upload.storedName})`);
  return {
    to,
    // Header values must not carry line breaks, whatever a visitor typed.
    subject: `New ${lead.form} lead on ${siteName}: ${who}`.replace(/[\r\n]+/g, ' ').slice(0, 200),
    text: [`Form: ${lead.form} (${lead.locale})`, `Received: ${lead.createdAt}`, `Lead id: ${lead.id}`, '', ...lines].join('\n'),
  };
}
