export const HONEYPOT_FIELD = 'website';
export const STARTED_AT_FIELD = 'startedAt';
export const DEFAULT_MIN_FILL_MS = 3000;

export interface DetectSpamOptions {
  fields: Record<string, unknown>;
  now: number;
  minFillMs?: number;
}

/**
 * Why a submission looks automated, or null. A missing or unreadable `startedAt` is not held
 * against anyone (forms posted without JavaScript have none), and neither is a start time
 * in the future (a visitor's clock running ahead).
 */
export function detectSpam(options: DetectSpamOptions): 'honeypot' | 'too-fast' | null {
  const honeypot = options.fields[HONEYPOT_FIELD];
  if (typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot !== undefined && honeypot !== null) return 'honeypot';
  const startedAt = parseTimestamp(options.fields[STARTED_AT_FIELD]);
  if (startedAt === null) return null;
  const elapsed = options.now - startedAt;
  return elapsed >= 0 && elapsed < (options.minFillMs ?? DEFAULT_MIN_FILL_MS) ? 'too-fast' : null;
}

/** Epoch milliseconds, as `Date.now()` writes them, or an ISO date. */
function parseTimestamp(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = /^\d+$/.test(value.trim()) ? Number(value) : Date.parse(value);
  return Number.isFinite(n) ? n : null;
}
