// Written by the build (Node), read by the runtime (browser) on its first line of work.
/** Settings the build writes into `<meta name="agency-site-config">` (no inline script, so CSP stays strict). */
export interface RuntimeConfig {
  buildHash: string;
  locales: string[];
  defaultLocale: string;
  consent: 'notice' | 'opt-in';
  analytics: { googleAnalyticsId: string | null; metaPixelId: string | null };
  prefetch: { firstDelayMs: number; batchSize: number; intervalMs: number };
}
