import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildNotifications, insertLead, newLeadId, startOutbox, type Db } from '../../src/forms/index.ts';
import { startMailReceiver, type MailReceiver } from './mail-receiver.ts';
import { CONTACT, form, startTestServer, tempDatabase } from './support.ts';

const FROM = 'Southbridge Leads <leads@southbridge.example>';

function queueLead(db: Db, createdAt: string): string {
  const lead = {
    id: newLeadId(),
    form: 'contact' as const,
    locale: 'es',
    fields: { name: 'Ana Pérez', email: 'ana@example.com', message: 'Hola,\nnecesitamos una app.' },
    status: 'accepted' as const,
    createdAt,
  };
  insertLead(db, { ...lead, outbox: buildNotifications(lead, { webhookUrl: 'set', notifyEmail: 'sales@example.com', siteName: 'Southbridge' }) });
  return lead.id;
}

interface Row {
  id: number;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  delivered_at: number | null;
}

describe('outbox e-mail delivery over SMTP', () => {
  let receiver: MailReceiver | undefined;
  let store: ReturnType<typeof tempDatabase>;
  const row = (kind = 'email') =>
    store.db.prepare('SELECT id, attempts, next_attempt_at, last_error, delivered_at FROM outbox WHERE kind = ?').get(kind) as Row;
  beforeEach(() => {
    store = tempDatabase();
  });
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
    store.cleanup();
  });

  it('sends each e-mail row once, with its To, Subject, body and a Message-ID made from the row', async () => {
    receiver = await startMailReceiver();
    const now = Date.parse('2026-03-01T10:00:00Z');
    const id = queueLead(store.db, new Date(now).toISOString());
    const outbox = startOutbox({ db: store.db, mail: { smtpUrl: receiver.url, from: FROM }, now: () => now, poll: false });

    expect(await outbox.runOnce()).toBe(1);
    expect(await outbox.runOnce()).toBe(0);
    await outbox.stop();

    expect(receiver.messages).toHaveLength(1);
    const mail = receiver.messages[0]!;
    expect(mail).toMatchObject({ from: 'leads@southbridge.example', to: ['sales@example.com'] });
    expect(mail.headers.get('to')).toBe('sales@example.com');
    expect(mail.headers.get('from')).toBe(FROM);
    expect(mail.headers.get('subject')).toBe('New contact lead on Southbridge: Ana Pérez ana@example.com');
    expect(mail.headers.get('message-id')).toBe(`<lead-${id}-${row().id}@southbridge.example>`);
    expect(mail.text).toBe(
      [
        `Form: contact (es)`,
        `Received: 2026-03-01T10:00:00.000Z`,
        `Lead id: ${id}`,
        '',
        'name: Ana Pérez',
        'email: ana@example.com',
        'message: Hola,',
        '  necesitamos una app.',
      ].join('\n'),
    );
    expect(row()).toMatchObject({ attempts: 1, last_error: null, delivered_at: now });
    // Only the mail channel was configured: the webhook row waits.
    expect(row('webhook')).toMatchObject({ attempts: 0, delivered_at: null });
  });

  it('keeps the row while the mail server is down or refuses it, and sends it once the server takes it', async () => {
    // A port that was free a moment ago: nothing listens there until the server "comes back".
    const reserved = await startMailReceiver();
    const { port, url } = reserved;
    await reserved.close();
    let now = Date.parse('2026-03-01T10:00:00Z');
    queueLead(store.db, new Date(now).toISOString());
    const errors: string[] = [];
    const outbox = startOutbox({ db: store.db, mail: { smtpUrl: url, from: FROM }, now: () => now, poll: false, onError: (m) => errors.push(m) });

    expect(await outbox.runOnce()).toBe(0);
    expect(row()).toMatchObject({ attempts: 1, next_attempt_at: now + 30_000, delivered_at: null });
    expect(row().last_error).toMatch(/ECONNREFUSED/);
    expect(errors[0]).toMatch(/^email delivery \d+ failed \(attempt 1\): .*ECONNREFUSED/);

    receiver = await startMailReceiver({ port });
    receiver.rejections.push(451, 550);
    now += 29_000;
    expect(await outbox.runOnce()).toBe(0); // not due yet
    expect(receiver.seenIds).toHaveLength(0);

    now += 1_000;
    expect(await outbox.runOnce()).toBe(0);
    expect(row()).toMatchObject({ attempts: 2, next_attempt_at: now + 60_000, delivered_at: null });
    expect(row().last_error).toMatch(/451/);

    now += 60_000;
    expect(await outbox.runOnce()).toBe(0);
    expect(row()).toMatchObject({ attempts: 3, next_attempt_at: now + 120_000, delivered_at: null });
    expect(row().last_error).toMatch(/550/);

    now += 120_000;
    expect(await outbox.runOnce()).toBe(1);
    expect(row()).toMatchObject({ attempts: 4, last_error: null, delivered_at: now });
    await outbox.stop();

    expect(receiver.messages).toHaveLength(1);
    // Three transmissions, one Message-ID: the refused copies and the accepted one are the same message.
    expect(receiver.seenIds).toHaveLength(3);
    expect(new Set(receiver.seenIds).size).toBe(1);
  });

  it('sends as soon as a lead is committed, without waiting for the next look at the table', async () => {
    receiver = await startMailReceiver();
    // A poll a minute apart: only the wake-up on commit can deliver within the test's 5 s.
    const server = await startTestServer({ notifyEmail: 'sales@example.com', outbox: { intervalMs: 60_000, mail: { smtpUrl: receiver.url, from: FROM } } });
    try {
      await new Promise((r) => setTimeout(r, 200)); // the first pass (empty table) is over
      for (let i = 0; i < 3; i++) expect((await server.post('contact', { body: form(CONTACT), headers: { accept: 'application/json' } })).status).toBe(201);
      await expect.poll(() => receiver!.messages.length, { timeout: 5000 }).toBe(3);
    } finally {
      await server.stop();
    }
  });

  it('an accepted POST to the forms server reaches the notification address; spam does not', async () => {
    receiver = await startMailReceiver();
    const server = await startTestServer({
      notifyEmail: 'sales@example.com',
      siteName: 'Test Site',
      outbox: { intervalMs: 20, mail: { smtpUrl: receiver.url, from: FROM } },
    });
    try {
      const res = await server.post('contact', { body: form(CONTACT), headers: { accept: 'application/json' } });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      await expect.poll(() => receiver!.messages.length, { timeout: 5000 }).toBe(1);
      const mail = receiver.messages[0]!;
      expect(mail.to).toEqual(['sales@example.com']);
      expect(mail.headers.get('subject')).toBe('New contact lead on Test Site: Ana Pérez ana@example.com');
      expect(mail.text).toContain(`Lead id: ${id}`);
      expect(mail.text).toContain('message: We need an app for our clinic.');
      await expect.poll(() => server.rows('SELECT id FROM outbox WHERE delivered_at IS NOT NULL').length, { timeout: 5000 }).toBe(1);

      await server.post('contact', { body: form({ ...CONTACT, website: 'x' }) });
      expect(server.rows('SELECT id FROM outbox')).toHaveLength(1);
    } finally {
      await server.stop();
    }
    expect(receiver.messages).toHaveLength(1);
  });
});
