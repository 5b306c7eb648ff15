// nodemailer is the long-maintained SMTP client of the Node ecosystem (STARTTLS, smtps, auth), with no dependencies.
import { createTransport } from 'nodemailer';
import { DeliveryRefused, deliveryKey, type Delivery } from './delivery.ts';
import type { NotificationEmail } from './notifications.ts';

export interface MailSettings {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465. */
  smtpUrl: string;
  /** The sender: an address, or `Name <address>`. */
  from: string;
}

export interface EmailDeliveryOptions extends MailSettings {
  timeoutMs: number;
}

/** Sends the row's rendered e-mail over SMTP; delivered once the server accepted it (250 after DATA). */
export function createEmailDelivery(options: EmailDeliveryOptions): Delivery {
  const { timeoutMs } = options;
  const transport = createTransport({ url: options.smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  const domain = /@([^\s@<>]+)>?\s*$/.exec(options.from)?.[1] ?? 'localhost';
  return {
    kind: 'email',
    timeoutMs,
    async deliver(row) {
      const mail = JSON.parse(row.payload) as NotificationEmail;
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        // The same Message-ID on every attempt: a resent message is recognisably a duplicate.
        messageId: `<${deliveryKey(row)}@${domain}>`,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (info.rejected.length > 0) throw new DeliveryRefused(`recipients rejected: ${info.rejected.join(', ')}`);
    },
    close: () => transport.close(),
  };
}
