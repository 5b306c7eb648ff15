import type { SiteConfig } from '../config/index.ts';
import type { SecurityHeaderOptions } from './security-headers.ts';

/** What the security headers depend on in site.yaml: analytics origins and a forms endpoint on another host. */
export function securityOptions(config: SiteConfig): SecurityHeaderOptions {
  const endpoint = config.settings.forms.endpoint;
  return {
    analytics: { google: Boolean(config.settings.analytics.googleAnalyticsId), meta: Boolean(config.settings.analytics.metaPixelId) },
    ...(/^https?:\/\//.test(endpoint) ? { formsOrigin: new URL(endpoint).origin } : {}),
    ...(config.settings.images.remoteHosts.length ? { imageHosts: config.settings.images.remoteHosts } : {}),
    ...(config.settings.embeds.hosts.length ? { embedHosts: config.settings.embeds.hosts } : {}),
  };
}
