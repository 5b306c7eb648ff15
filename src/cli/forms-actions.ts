import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createThirdPartyProxy } from '../serve/index.ts';
import { securityHeaders } from '../serve/index.ts';
import { PROXY_PATH } from '../shared/site-urls.ts';
import { loadSiteConfig } from '../config/index.ts';
import { loadPagesAlone } from '../content/index.ts';
import { listenError } from './listen-errors.ts';
import { formsOptionError } from '../errors/index.ts';
import { startFormsServer, thankYouRedirects, thankYouSlugs } from '../forms/index.ts';
import type { DeliveryFlags } from './delivery-options.ts';
import { checkDeliveryFlags, describeDelivery, httpUrl, logLead, resolveDelivery } from './delivery-settings.ts';
import { stopOnSignals } from './stop-on-signals.ts';

export interface FormsFlags extends DeliveryFlags {
  port: number;
  host: string;
  db: string;
  uploads: string;
  site: string;
  origin?: string;
  rateLimit: number;
  /** true (the flag alone) or the number of proxies in front. */
  trustProxy?: boolean | number;
}

export async function serveForms(flags: FormsFlags): Promise<void> {
  const deliveryFlags = checkDeliveryFlags(flags);
  if (!existsSync(join(flags.site, 'site.yaml')))
    throw formsOptionError('--site', `There is no site.yaml in ${flags.site}: point --site at the site content folder.`);
  const config = await loadSiteConfig({ siteDir: flags.site });
  const pages = await loadPagesAlone({ siteDir: flags.site, config });
  const slugOf = (id: string) => pages.find((page) => page.id === id)?.slug;
  const origin = flags.origin === undefined ? undefined : new URL(httpUrl('--origin', flags.origin)).origin;
  const endpoint = config.settings.forms.endpoint;
  const delivery = resolveDelivery(deliveryFlags, config.settings.baseUrl);
  const forms = await startFormsServer({
    port: flags.port,
    host: flags.host,
    dbPath: flags.db,
    uploadsDir: flags.uploads,
    // With --origin the site lives on another host, so redirects must name it.
    redirects: thankYouRedirects({ locales: config.locales, defaultLocale: config.defaultLocale, ...thankYouSlugs(slugOf), siteOrigin: origin }),
    defaultLocale: config.defaultLocale,
    basePath: endpoint.startsWith('/') ? endpoint : new URL(endpoint).pathname,
    allowedOrigin: origin ?? config.settings.baseUrl,
    rateLimit: flags.rateLimit > 0 ? { max: flags.rateLimit, windowMs: 60_000 } : false,
    webhookUrl: delivery.webhookUrl,
    notifyEmail: delivery.notifyEmail,
    siteName: config.settings.name,
    trustProxy: flags.trustProxy ?? false,
    onAccepted: logLead,
    onError: (error) => console.error(`forms: ${error instanceof Error ? error.message : String(error)}`),
    outbox: { mail: delivery.mail, onError: (message) => console.error(`forms: ${message}`) },
    // The same third-party proxy as `serve`, for static hosts that send PROXY_PATH here.
    extraHandlers: [proxyHandler(config.settings.thirdPartyAllowlist)],
  }).catch((error: unknown) => {
    throw listenError(error, flags.port, flags.host);
  });
  const notice = describeDelivery(delivery);
  if (notice) console.log(notice);
  console.log(
    `forms endpoint at ${forms.url}${endpoint.startsWith('/') ? endpoint : new URL(endpoint).pathname}/{contact,newsletter,guide,careers} (Ctrl+C to stop)`,
  );
  stopOnSignals({ finishing: 'submissions under way', stopped: 'forms endpoint stopped', stop: () => forms.close() });
}

function proxyHandler(allowlist: string[]) {
  const proxy = createThirdPartyProxy({ allowlist });
  const headers = securityHeaders();
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    // The server answered 400 already for a target no URL parser takes.
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== PROXY_PATH) return false;
    await proxy(req, res, url, headers);
    return true;
  };
}
