/**
 * The security headers of every response, shared by `serve` and the `_headers` file the build
 * writes for static hosts, so production and local serving agree.
 */
export interface SecurityHeaderOptions {
  /** Hashes (`sha256-…`) of the inline scripts the build emits. */
  inlineScriptHashes?: string[];
  /** Origins of the analytics and pixel scripts, when their ids are set. */
  analytics?: { google: boolean; meta: boolean };
  /** Origin of the forms endpoint when it is on another host. */
  formsOrigin?: string;
  /** Hosts whose images pages show as they are (site.yaml images.remoteHosts). */
  imageHosts?: string[];
  /** Hosts whose iframes posts may load after a click (site.yaml `embeds.hosts`). */
  embedHosts?: string[];
}

export function securityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  const scripts = ["'self'", ...(options.inlineScriptHashes ?? []).map((h) => `'${h}'`)];
  const connect = ["'self'"];
  const images = ["'self'", 'data:', ...(options.imageHosts ?? []).map((host) => `https://${host}`)];
  if (options.analytics?.google) {
    scripts.push('https://www.googletagmanager.com');
    connect.push('https://www.google-analytics.com', 'https://region1.google-analytics.com');
    images.push('https://www.google-analytics.com');
  }
  if (options.analytics?.meta) {
    scripts.push('https://connect.facebook.net');
    connect.push('https://www.facebook.com');
    images.push('https://www.facebook.com');
  }
  const forms = ["'self'", ...(options.formsOrigin ? [options.formsOrigin] : [])];
  if (options.formsOrigin) connect.push(options.formsOrigin);
  const csp = [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    // Style attributes carry per-item colours; scripts never run inline without a hash.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.join(' ')}`,
    `connect-src ${connect.join(' ')}`,
    // Without embeds, default-src 'self' already covers frames.
    ...(options.embedHosts?.length ? [`frame-src 'self' ${options.embedHosts.map((h) => `https://${h}`).join(' ')}`] : []),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${forms.join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
}
