import { dirname, join, resolve } from 'node:path';
import { createBuildSession, formatRebuild, sweptLine, warningKey, type BuildReport } from '../build/index.ts';
import { loadSiteConfig, type SiteConfig } from '../config/index.ts';
import { loadPagesAlone } from '../content/index.ts';
import { createFormsHandler, openDatabase, startOutbox, thankYouRedirects, thankYouSlugs } from '../forms/index.ts';
import { createDevEvents, createTranslationsPage, injectClient, watchSite } from '../dev/index.ts';
import { securityHeaders, securityOptions, serveSite, type RequestHandler } from '../serve/index.ts';
import { buildOptionsOf, buildWithFlags } from './build-command.ts';
import type { DeliverySettings } from './delivery-options.ts';
import { checkDeliveryFlags, describeDelivery, logLead, resolveDelivery } from './delivery-settings.ts';
import { describeError } from './describe-error.ts';
import { assertCanListen, listenError } from './listen-errors.ts';
import type { ServeFlags } from './serve-command.ts';
import { stopOnSignals } from './stop-on-signals.ts';

/** /api/forms/* in the same server, storing leads in .data/leads.db beside where serve runs, and their outbox. */
async function startForms(siteDir: string, config: SiteConfig, delivery: DeliverySettings): Promise<{ handle: RequestHandler; close: () => Promise<void> }> {
  const pages = await loadPagesAlone({ siteDir, config });
  const slugOf = (id: string) => pages.find((page) => page.id === id)?.slug;
  const db = openDatabase({});
  const outbox = startOutbox({ db, webhookUrl: delivery.webhookUrl, mail: delivery.mail, onError: (message) => console.error(`forms: ${message}`) });
  const endpoint = config.settings.forms.endpoint;
  const handle = createFormsHandler({
    db,
    redirects: thankYouRedirects({ locales: config.locales, defaultLocale: config.defaultLocale, ...thankYouSlugs(slugOf) }),
    defaultLocale: config.defaultLocale,
    basePath: endpoint.startsWith('/') ? endpoint : new URL(endpoint).pathname,
    allowedOrigin: config.settings.baseUrl,
    webhookUrl: delivery.webhookUrl,
    notifyEmail: delivery.notifyEmail,
    siteName: config.settings.name,
    onError: (error) => console.error(`forms: ${error instanceof Error ? error.message : String(error)}`),
    onAccepted: (lead) => {
      outbox.wake();
      logLead(lead);
    },
  });
  return {
    handle,
    async close() {
      await outbox.stop();
      db.close();
    },
  };
}

export async function serve(flags: ServeFlags): Promise<void> {
  const deliveryFlags = checkDeliveryFlags(flags);
  const events = flags.watch ? createDevEvents() : undefined;
  // Watching keeps the build's state, so saving a post's body re-renders only that post.
  const session = createBuildSession(buildOptionsOf({ ...flags, quiet: true }), {
    // Swept when the saves pause: said, since the disk it frees (hundreds of MB after template saves on a large site) is visible.
    onSwept: (swept) => flags.quiet || !swept.files || console.log(sweptLine(swept)),
  });
  await assertCanListen(flags.port, flags.host);
  // The warnings the terminal has shown: a rebuild prints only those it adds.
  let printed: BuildReport['warnings'] = [];
  if (flags.build) {
    try {
      printed = (await buildWithFlags(flags, () => session.build())).warnings;
    } catch (error) {
      // While watching, a broken site is shown in the browser and fixed by the next save.
      if (!events) throw error;
      const message = describeError(error, flags);
      console.error(message);
      events.send({ type: 'error', message });
    }
  }
  const config = await loadSiteConfig({ siteDir: flags.site });
  const delivery = resolveDelivery(deliveryFlags, config.settings.baseUrl);
  const forms = await startForms(flags.site, config, delivery);
  const handlers: RequestHandler[] = [];
  if (events) handlers.push(events.handle, createTranslationsPage({ siteDir: flags.site }));
  handlers.push(forms.handle);
  const site = await serveSite({
    outDir: flags.out,
    port: flags.port,
    host: flags.host,
    locales: config.locales,
    headers: securityHeaders(securityOptions(config)),
    proxy: { allowlist: config.settings.thirdPartyAllowlist },
    handlers,
    ...(events ? { transformHtml: injectClient } : {}),
  }).catch(async (error: unknown) => {
    await forms.close();
    throw listenError(error, flags.port, flags.host);
  });
  const notice = describeDelivery(delivery);
  if (notice) console.log(notice);
  const watcher = events ? watchChanges(flags, session, events, new Set(printed.map(warningKey))) : undefined;
  // Said once the watcher has listed the folders: a save made after this line is never missed.
  await watcher?.ready;
  console.log(`serving ${flags.out} at ${site.url}${events ? ' (watching for changes)' : ''} (Ctrl+C to stop)`);
  stopOnSignals({
    finishing: 'requests under way',
    stopped: 'server stopped',
    async stop() {
      await watcher?.close();
      // The last rebuild's caches, if the saves had not paused long enough for them to be written yet.
      session.flush();
      events?.close();
      await site.close();
      // The database closes last: requests under way may still be writing leads.
      await forms.close();
    },
  });
}

function watchChanges(flags: ServeFlags, session: ReturnType<typeof createBuildSession>, events: ReturnType<typeof createDevEvents>, printed: Set<string>) {
  const root = dirname(resolve(flags.site));
  return watchSite({
    siteDir: resolve(flags.site),
    templatesDir: join(root, 'templates'),
    localesDir: join(root, 'locales'),
    build: (changed, hooks) => session.build(changed, hooks),
    send: events.send,
    openPages: events.openPages,
    onBuilt: (report, changed) => {
      if (!flags.quiet) console.log(formatRebuild(report, changed.length, { ...flags, printed }).join('\n'));
      printed = new Set(report.warnings.map(warningKey));
    },
    onFailed: (error) => {
      const message = describeError(error, flags);
      console.error(message);
      return message;
    },
  });
}
