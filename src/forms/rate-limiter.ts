export interface RateLimitOptions {
  /** Submissions allowed per client in one window. */
  max: number;
  windowMs: number;
  now?: () => number;
  /** Clients remembered at once; past it the oldest window is forgotten (at worst it starts over). */
  maxClients?: number;
}

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * A fixed-window counter per client address, in memory: enough for one server process.
 * Finished windows are dropped as they are met, so the map stays as large as the active clients,
 * and never larger than `maxClients`; keys longer than an IPv6 address are cut to its length.
 */
export function createRateLimiter(options: RateLimitOptions): (key: string) => RateDecision {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  const maxClients = options.maxClients ?? 50_000;
  return (fullKey) => {
    const key = fullKey.slice(0, 45);
    const t = now();
    if (t - lastSweep > options.windowMs) {
      for (const [k, w] of windows) if (t - w.start >= options.windowMs) windows.delete(k);
      lastSweep = t;
    }
    let w = windows.get(key);
    if (!w || t - w.start >= options.windowMs) {
      windows.delete(key);
      if (windows.size >= maxClients) windows.delete(windows.keys().next().value!);
      windows.set(key, (w = { start: t, count: 0 }));
    }
    if (w.count >= options.max) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + options.windowMs - t) / 1000)) };
    w.count++;
    return { ok: true };
  };
}
