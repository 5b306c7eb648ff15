import { createEmailDelivery, type MailSettings } from './deliver-email.ts';
import { createWebhookDelivery } from './deliver-webhook.ts';
import type { Delivery, OutboxRow } from './delivery.ts';
import { statement, type Db } from './open-database.ts';

const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60_000;

/** How long to wait after the n-th failed delivery (n ≥ 1): 30 s, 1 min, 2 min, … at most 1 h. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** Math.max(0, failedAttempts - 1), MAX_DELAY_MS);
}

export interface StartOutboxOptions {
  db: Db;
  /** Where webhook rows are POSTed; without it they wait in the table. */
  webhookUrl?: string | undefined;
  /** How e-mail rows are sent; without it they wait in the table. */
  mail?: MailSettings | undefined;
  fetchImpl?: typeof fetch;
  now?: () => number;
  /** Pause between two looks at the table. */
  intervalMs?: number;
  batchSize?: number;
  /** Limit of one attempt. Default: 10 s for a webhook, 30 s for an e-mail (connect, TLS, auth, data). */
  timeoutMs?: number;
  onError?: (message: string) => void;
  /** false: no timer, the caller drives `runOnce()` (tests with a fake clock). */
  poll?: boolean;
}

export interface Outbox {
  /** One pass over the due rows; resolves with how many were delivered. */
  runOnce(): Promise<number>;
  /** Looks at the table now instead of at the next poll (a lead was just committed). */
  wake(): void;
  /** Finishes the pass under way, then stops polling. */
  stop(): Promise<void>;
}

/**
 * The delivery worker: each row is retried with exponential backoff until its receiver accepts it
 * (a webhook answers 2xx, an SMTP server takes the message), so a receiver that is down loses
 * nothing. Delivery is at least once; the Idempotency-Key or Message-ID lets the receiver drop a repeat.
 */
export function startOutbox(options: StartOutboxOptions): Outbox {
  const { db } = options;
  const now = options.now ?? Date.now;
  const deliveries: Delivery[] = [];
  if (options.webhookUrl)
    deliveries.push(createWebhookDelivery({ url: options.webhookUrl, fetchImpl: options.fetchImpl ?? fetch, timeoutMs: options.timeoutMs ?? 10_000 }));
  if (options.mail) deliveries.push(createEmailDelivery({ ...options.mail, timeoutMs: options.timeoutMs ?? 30_000 }));
  const due = statement(
    db,
    `SELECT id, lead_id, payload, attempts FROM outbox
     WHERE kind = ? AND delivered_at IS NULL AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`,
  );
  // Claiming a row pushes its next attempt past the timeout, so a second worker on the same file skips it.
  const claim = statement(db, 'UPDATE outbox SET next_attempt_at = ? WHERE id = ? AND delivered_at IS NULL AND next_attempt_at <= ?');
  const delivered = statement(db, 'UPDATE outbox SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?');
  const failed = statement(db, 'UPDATE outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?');

  async function attempt(delivery: Delivery, row: OutboxRow): Promise<boolean> {
    const started = now();
    if (claim.run(started + delivery.timeoutMs * 2, row.id, started).changes !== 1) return false;
    let error: string;
    try {
      await delivery.deliver(row);
      delivered.run(now(), row.id);
      return true;
    } catch (cause) {
      error = describeError(cause);
    }
    const attempts = row.attempts + 1;
    failed.run(attempts, now() + retryDelayMs(attempts), error.slice(0, 500), row.id);
    options.onError?.(`${delivery.kind} delivery ${row.id} failed (attempt ${attempts}): ${error}`);
    return false;
  }

  async function runKind(delivery: Delivery): Promise<number> {
    let count = 0;
    for (const row of due.all(delivery.kind, now(), options.batchSize ?? 20) as OutboxRow[]) if (await attempt(delivery, row)) count++;
    return count;
  }

  // Channels run side by side, so a webhook that hangs does not hold back the e-mails.
  const runOnce = async (): Promise<number> => (await Promise.all(deliveries.map(runKind))).reduce((a, b) => a + b, 0);

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let wakeAgain = false;
  let pass: Promise<unknown> = Promise.resolve();
  const polling = deliveries.length > 0 && options.poll !== false;
  const loop = (): void => {
    clearTimeout(timer);
    running = true;
    pass = runOnce()
      .catch((error: unknown) => options.onError?.(`outbox: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = false;
        if (stopped) return;
        // A lead committed during the pass may have missed it: look again at once.
        if (wakeAgain) {
          wakeAgain = false;
          return loop();
        }
        // unref: a pending retry never keeps a process alive by itself.
        timer = setTimeout(loop, options.intervalMs ?? 1000).unref();
      });
  };
  if (polling) loop();

  return {
    runOnce,
    wake() {
      if (!polling || stopped) return;
      if (running) wakeAgain = true;
      else loop();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
      for (const delivery of deliveries) delivery.close?.();
    },
  };
}

/** fetch() says only "fetch failed"; the reason (ECONNREFUSED, a timeout) is in its cause. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${(error.cause as NodeJS.ErrnoException).code ?? error.cause.message}` : '';
  return `${error.message}${cause}`;
}
