import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildNotifications, insertLead, newLeadId, startOutbox, type Db } from '../../src/forms/index.ts';
import { CONTACT, form, startTestServer, tempDatabase } from './support.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

function queueLead(db: Db, createdAt: string): string {
  const lead = {
    id: newLeadId(),
    form: 'contact' as const,
    locale: 'en',
    fields: { name: 'Ana', email: 'ana@example.com' },
    status: 'accepted' as const,
    createdAt,
  };
  insertLead(db, { ...lead, outbox: buildNotifications(lead, { webhookUrl: 'set', notifyEmail: 'sales@example.com' }) });
  return lead.id;
}

describe('outbox', () => {
  let receiver: WebhookReceiver;
  let store: ReturnType<typeof tempDatabase>;
  beforeEach(() => {
    store = tempDatabase();
  });
  afterEach(async () => {
    await receiver?.close();
    store.cleanup();
  });

  it('retries a failing webhook with backoff and delivers once it accepts', async () => {
    receiver = await startWebhookReceiver([500, 503]);
    let now = Date.parse('2026-03-01T10:00:00Z');
    const id = queueLead(store.db, new Date(now).toISOString());
    const outbox = startOutbox({ db: store.db, webhookUrl: receiver.url, now: () => now, poll: false });
    const row = () =>
      store.db.prepare("SELECT attempts, next_attempt_at, last_error, delivered_at FROM outbox WHERE kind = 'webhook'").get() as {
        attempts: number;
        next_attempt_at: number;
        last_error: string | null;
        delivered_at: number | null;
      };

    expect(await outbox.runOnce()).toBe(0);
    expect(row()).toMatchObject({ attempts: 1, next_attempt_at: now + 30_000, last_error: 'HTTP 500', delivered_at: null });
    now += 29_000;
    expect(await outbox.runOnce()).toBe(0);
    expect(receiver.hits).toHaveLength(1); // not due yet

    now += 1_000;
    expect(await outbox.runOnce()).toBe(0);
    expect(row()).toMatchObject({ attempts: 2, next_attempt_at: now + 60_000, last_error: 'HTTP 503' });

    now += 60_000;
    expect(await outbox.runOnce()).toBe(1);
    expect(row()).toMatchObject({ attempts: 3, last_error: null, delivered_at: now });
    expect(await outbox.runOnce()).toBe(0);
    await outbox.stop();

    expect(receiver.hits).toHaveLength(3);
    expect(new Set(receiver.hits.map((h) => h.key)).size).toBe(1);
    expect(JSON.parse(receiver.hits[2]!.body)).toMatchObject({ event: 'lead.created', lead: { id, form: 'contact', fields: { name: 'Ana' } } });
  });

  it('keeps rows when the receiver is unreachable, and leaves e-mail rows for a mailer', async () => {
    receiver = await startWebhookReceiver([]);
    await receiver.close();
    const now = Date.parse('2026-03-01T10:00:00Z');
    queueLead(store.db, new Date(now).toISOString());
    const outbox = startOutbox({ db: store.db, webhookUrl: receiver.url, now: () => now, poll: false, timeoutMs: 2000 });
    expect(await outbox.runOnce()).toBe(0);
    const rows = store.db.prepare('SELECT kind, attempts, last_error, delivered_at, payload FROM outbox ORDER BY id').all() as Array<{
      kind: string;
      attempts: number;
      last_error: string | null;
      delivered_at: number | null;
      payload: string;
    }>;
    expect(rows[0]).toMatchObject({ kind: 'webhook', attempts: 1, delivered_at: null });
    expect(rows[0]!.last_error).toMatch(/ECONNREFUSED/);
    expect(rows[1]).toMatchObject({ kind: 'email', attempts: 0, delivered_at: null });
    expect(JSON.parse(rows[1]!.payload)).toMatchObject({ to: 'sales@example.com', subject: 'New contact lead on the website: Ana ana@example.com' });
    await outbox.stop();
  });

  it('the server queues a webhook row with each accepted lead and its worker delivers it', async () => {
    receiver = await startWebhookReceiver([500]);
    // The first failure waits 30 s; the fake clock jumps it.
    let skew = 0;
    const server = await startTestServer({ webhookUrl: receiver.url, now: () => Date.now() + skew, outbox: { intervalMs: 20 } });
    try {
      const res = await server.post('contact', { body: form(CONTACT), headers: { accept: 'application/json' } });
      const { id } = (await res.json()) as { id: string };
      await expect.poll(() => receiver.hits.length, { timeout: 5000 }).toBe(1);
      skew = 31_000;
      await expect.poll(() => receiver.hits.length, { timeout: 5000 }).toBe(2);
      expect(JSON.parse(receiver.hits[1]!.body).lead.id).toBe(id);
      await expect.poll(() => server.rows('SELECT id FROM outbox WHERE delivered_at IS NOT NULL').length, { timeout: 5000 }).toBe(1);
      // Spam never notifies anyone.
      await server.post('contact', { body: form({ ...CONTACT, website: 'x' }) });
      expect(server.rows('SELECT id FROM outbox')).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});
