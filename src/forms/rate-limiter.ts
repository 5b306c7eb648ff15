export interface RateLimitOptions {
  /** Submissions allowed per client in one window. */
  max: number;
  windowMs: number;
  now?: () => number;
}

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * A fixed-window counter per client address, in memory: enough for one server process.
 * Finished windows are dropped as they are met, so the map stays as large as the active clients.
 */
export function createRateLimiter(options: RateLimitOptions): (key: string) => RateDecision {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return (key) => {
    const t = now();
    if (t - lastSweep > options.windowMs) {
      for (const [k, w] of windows) if (t - w.start >= options.windowMs) windows.delete(k);
      lastSweep = t;
    }
    let w = windows.get(key);
    if (!w || t - w.start >= options.windowMs) windows.set(key, (w = { start: t, count: 0 }));
    if (w.count >= options.max) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + options.windowMs - t) / 1000)) };
    w.count++;
    return { ok: true };
  };
}
