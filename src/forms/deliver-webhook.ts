import { DeliveryRefused, deliveryKey, type Delivery } from './delivery.ts';

export interface WebhookDeliveryOptions {
  url: string;
  fetchImpl: typeof fetch;
  timeoutMs: number;
}

/** POSTs the row's JSON; only a 2xx answer counts as delivered. */
export function createWebhookDelivery(options: WebhookDeliveryOptions): Delivery {
  return {
    kind: 'webhook',
    timeoutMs: options.timeoutMs,
    async deliver(row) {
      const response = await options.fetchImpl(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': deliveryKey(row) },
        body: row.payload,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) throw new DeliveryRefused(`HTTP ${response.status}`);
    },
  };
}
