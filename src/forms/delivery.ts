/** An outbox row as a delivery sees it. */
export interface OutboxRow {
  id: number;
  lead_id: string;
  payload: string;
  attempts: number;
}

/** One delivery channel of the outbox (webhook, e-mail); the shared loop does claiming and retries. */
export interface Delivery {
  kind: 'webhook' | 'email';
  /** Limit of one attempt; the loop claims a row for twice as long. */
  timeoutMs: number;
  /** Resolves once the receiver accepted the row; rejects with the reason otherwise. */
  deliver(row: OutboxRow): Promise<void>;
  close?(): void;
}

/**
 * A receiver answered but did not accept the row (an HTTP error status, rejected recipients).
 * Internal to the outbox: it is caught there, stored as the row's last_error and retried; it never
 * reaches a command's output, so it is not a SiteError.
 */
export class DeliveryRefused extends Error {
  override name = 'DeliveryRefused';
}

/** A stable id per row, the same on every attempt, so a receiver can drop a repeat. */
export function deliveryKey(row: OutboxRow): string {
  return `lead-${row.lead_id}-${row.id}`;
}
