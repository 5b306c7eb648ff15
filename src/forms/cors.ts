export type CorsDecision =
  /** No Origin header: not a cross-origin browser request. */
  { kind: 'none' } | { kind: 'allowed'; headers: Record<string, string> } | { kind: 'denied' };

export interface DecideCorsOptions {
  origin: string | undefined;
  /** The site's origin, normalized (`new URL(x).origin`); the only cross-origin caller allowed. */
  allowedOrigin: string | undefined;
  /** The Host header: a page served by this same server is always allowed. */
  host: string | undefined;
}

export function decideCors(options: DecideCorsOptions): CorsDecision {
  const { origin } = options;
  if (origin === undefined) return { kind: 'none' };
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return { kind: 'denied' }; // "null" (sandboxed frames, file://) and garbage
  }
  // The same host is this server's own page only over http(s): `ftp://host` is another origin.
  const sameHost = /^https?:$/.test(parsed.protocol) && parsed.origin === origin && parsed.host === options.host;
  const allowed = origin === options.allowedOrigin || sameHost;
  if (!allowed) return { kind: 'denied' };
  return { kind: 'allowed', headers: { 'access-control-allow-origin': origin, vary: 'Origin' } };
}

export const PREFLIGHT_HEADERS = {
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, accept',
  'access-control-max-age': '600',
};
