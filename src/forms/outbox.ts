import type { Db } from './open-database.ts';

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
  fetchImpl?: typeof fetch;
  now?: () => number;
  /** Pause between two looks at the table. */
  intervalMs?: number;
  batchSize?: number;
  timeoutMs?: number;
  onError?: (message: string) => void;
  /** false: no timer, the caller drives `runOnce()` (tests with a fake clock). */
  poll?: boolean;
}

export interface Outbox {
  /** One pass over the due rows; resolves with how many were delivered. */
  runOnce(): Promise<number>;
  /** Finishes the pass under way, then stops polling. */
  stop(): Promise<void>;
}

interface OutboxRow {
  id: number;
  lead_id: string;
  payload: string;
  attempts: number;
}

/**
 * The delivery worker: webhook rows are POSTed until one answers 2xx, with exponential backoff, so
 * a receiver that is down loses nothing. Delivery is at least once; the Idempotency-Key lets the
 * receiver drop a repeat. E-mail rows are left for a mailer (none is built in).
 */
export function startOutbox(options: StartOutboxOptions): Outbox {
  const { db } = options;
  const now = options.now ?? Date.now;
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const due = db.prepare(
    `SELECT id, lead_id, payload, attempts FROM outbox
     WHERE kind = 'webhook' AND delivered_at IS NULL AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`,
  );
  // Claiming a row pushes its next attempt past the timeout, so a second worker on the same file skips it.
  const claim = db.prepare('UPDATE outbox SET next_attempt_at = ? WHERE id = ? AND delivered_at IS NULL AND next_attempt_at <= ?');
  const delivered = db.prepare('UPDATE outbox SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?');
  const failed = db.prepare('UPDATE outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?');

  async function deliver(row: OutboxRow, url: string): Promise<boolean> {
    const started = now();
    if (claim.run(started + timeoutMs * 2, row.id, started).changes !== 1) return false;
    let error: string;
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `lead-${row.lead_id}-${row.id}` },
        body: row.payload,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (response.ok) {
        delivered.run(now(), row.id);
        return true;
      }
      error = `HTTP ${response.status}`;
    } catch (cause) {
      error = describeError(cause);
    }
    const attempts = row.attempts + 1;
    failed.run(attempts, now() + retryDelayMs(attempts), error.slice(0, 500), row.id);
    options.onError?.(`webhook delivery ${row.id} failed (attempt ${attempts}): ${error}`);
    return false;
  }

  async function runOnce(): Promise<number> {
    const url = options.webhookUrl;
    if (!url) return 0;
    let count = 0;
    for (const row of due.all(now(), options.batchSize ?? 20) as OutboxRow[]) if (await deliver(row, url)) count++;
    return count;
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<unknown> = Promise.resolve();
  const loop = (): void => {
    pass = runOnce()
      .catch((error: unknown) => options.onError?.(`outbox: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        // unref: a pending retry never keeps a process alive by itself.
        if (!stopped) timer = setTimeout(loop, options.intervalMs ?? 1000).unref();
      });
  };
  if (options.webhookUrl && options.poll !== false) loop();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}

/** fetch() says only "fetch failed"; the reason (ECONNREFUSED, a timeout) is in its cause. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${(error.cause as NodeJS.ErrnoException).code ?? error.cause.message}` : '';
  return `${error.message}${cause}`;
}
