// The browser runtime. It starts without React: routing, prefetch, page loading, the announcer,
// the slow-navigation notice, analytics, the cookie notice and the service worker. React comes
// with the first island that hydrates (./island-view.ts), or, on a page whose template opts out of
// islands, with full hydration (./full-view.ts). Browser only: no node: imports under src/client.
import type { ComponentType } from 'react';
import type { RootProps } from '../shared/template-contract.ts';
import { startAnalytics } from './analytics.ts';
import { createAnnouncer, pageName } from './announcer.ts';
import { mayTrack, startConsent } from './consent.ts';
import { startEmbeds } from './embeds.ts';
import { updateHead } from './head.ts';
import { createIslandView } from './island-view.ts';
import { message } from './messages.ts';
import { startMenu } from './menu.ts';
import { createLoader, type PageResources } from './page-resources.ts';
import { startPrefetcher } from './prefetch.ts';
import { startRouter } from './router.ts';
import { registerServiceWorker } from './service-worker.ts';
import { createSlowNotice } from './slow-notice.ts';
import type { RuntimeConfig } from '../shared/runtime-config.ts';
import { APP_DATA_PATH } from '../shared/site-urls.ts';
import type { BootOptions } from './types.ts';
import type { View } from './view.ts';

const RELOAD_FLAG = 'agency-site-reloaded-for';

/** A new deploy since this HTML was built: reload once (remembered for the tab), never in a loop. */
async function checkDeploy(config: RuntimeConfig): Promise<boolean> {
  try {
    const response = await fetch(`/${APP_DATA_PATH}`, { cache: 'no-store' });
    const { webpackCompilationHash } = (await response.json()) as { webpackCompilationHash: string };
    if (webpackCompilationHash === config.buildHash) {
      sessionStorage.removeItem(RELOAD_FLAG);
      return false;
    }
    if (sessionStorage.getItem(RELOAD_FLAG) === webpackCompilationHash) return false;
    sessionStorage.setItem(RELOAD_FLAG, webpackCompilationHash);
    location.reload();
    return true;
  } catch {
    return false;
  }
}

export async function boot({ root, templates }: BootOptions): Promise<void> {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="agency-site-config"]');
  const container = document.getElementById('root');
  if (!meta || !container) return;
  startMenu();
  const config = JSON.parse(meta.content) as RuntimeConfig;
  let resourcesFailed = false;
  let updated = false;
  registerServiceWorker({ resourcesFailed: () => resourcesFailed, onUpdated: () => (updated = true) });
  if (await checkDeploy(config)) return;

  const mode = container.dataset.hydration === 'islands' ? 'islands' : 'full';
  const loader = createLoader({ templates, mode, buildHash: config.buildHash, locales: config.locales, defaultLocale: config.defaultLocale });
  const path = location.pathname;
  let current: PageResources;
  try {
    current = await loader.loadPage(path, { navigation: false });
  } catch {
    resourcesFailed = true;
    console.error(`page resources for ${path} not found. Not rendering React`);
    return;
  }

  // Forms submit with fetch once JavaScript runs; their code loads on the first submit only.
  const endpoint = current.shared.site.formsEndpoint;
  const openedAt = String(Date.now());
  const stampForm = (form: HTMLFormElement) => {
    // One validation system: ours speaks the page's language, marks fields for screen readers and
    // clears what was fixed. The browser's would block the submit event and leave old errors standing.
    form.noValidate = true;
    if (form.elements.namedItem('startedAt')) return;
    const started = document.createElement('input');
    started.type = 'hidden';
    started.name = 'startedAt';
    started.value = openedAt;
    form.append(started);
  };
  // Called once React owns a form's markup (an island mounted, or the whole page hydrated):
  // an extra node before that would make React discard the server markup.
  const stampForms = (scope: ParentNode) => {
    for (const form of scope.querySelectorAll<HTMLFormElement>('form[method="post"]')) stampForm(form);
  };
  let shown = 0;
  let view: View;
  if (mode === 'islands') {
    view = createIslandView(container, {
      onForms: stampForms,
      onChunkFailure: (error) => {
        // An island chunk gone (a new deploy) after client navigations: load the page in full.
        console.error('An island failed to load:', error);
        if (shown > 0) location.reload();
      },
    });
  } else {
    const [{ createFullView }, { default: Root }] = await Promise.all([import('./full-view.ts'), root()]);
    view = createFullView(container, Root as ComponentType<RootProps>, stampForms);
  }
  void view.start(current).then(() => (document.documentElement.dataset.hydrated = 'true'));

  // Trackers follow the visitor's choice (consent.ts); page views and conversions go through
  // `analytics`, which exists only once they were allowed and is silenced by a later Reject.
  let analytics: ReturnType<typeof startAnalytics> | undefined;
  const followChoice = () => {
    const on = mayTrack(config.consent);
    if (on) analytics ??= startAnalytics(config.analytics);
    analytics?.allow(on);
  };
  followChoice();
  const consent = startConsent(followChoice);

  // Embeds in posts load on a click only (an embed sets cookies, as analytics would).
  startEmbeds();

  const announcer = createAnnouncer();
  const slow = createSlowNotice(1000);
  const prefetcher = startPrefetcher({ settings: config.prefetch, prefetch: loader.prefetch, isLoaded: loader.isLoaded });
  if ('requestIdleCallback' in window) requestIdleCallback(() => prefetcher.scan());
  else setTimeout(() => prefetcher.scan(), 200);

  // A click on a submit button (or Enter in a field) validates before the submit event: switch the
  // browser's validation off at that moment too, whatever rendered the form.
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('button[type="submit"], input[type="submit"]');
      const form = (button as HTMLButtonElement | null)?.form;
      if (form?.getAttribute('action')?.startsWith(endpoint)) form.noValidate = true;
    },
    true,
  );
  document.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement;
    const action = form.getAttribute('action') ?? '';
    if (!action.startsWith(endpoint)) return;
    event.preventDefault();
    // Errors are shown inside the form, so its island hydrates first (if the visitor was quicker).
    void view
      .ready(form)
      .then(() => {
        stampForm(form);
        return import('./forms.ts');
      })
      .then(({ formNameOf, submitForm }) => {
        const name = formNameOf(form, endpoint);
        if (!name) return form.submit();
        return submitForm(form, name, {
          shared: current.shared,
          locale: current.pageData.result.pageContext.locale,
          onConversion: (form) => analytics?.conversion(form),
          navigate: (path) => go(new URL(path, location.href), { push: true }),
        });
      })
      // Its code could not load (offline, a removed chunk): the form posts as it does without JavaScript.
      .catch(() => form.submit());
  });

  let navigationId = 0;
  const go = async (url: URL, how: { push: boolean; scroll?: number }) => {
    const id = ++navigationId;
    // After a service-worker update, load the next page from the server so builds never mix.
    if (updated) return location.assign(url.href);
    slow.start(message(current.shared, 'runtime.slow-navigation'));
    let next: PageResources;
    try {
      next = await loader.loadPage(url.pathname);
    } catch {
      // FullLoad (new deploy, retries exhausted, chunk failure, a page without islands data) or anything unexpected: the browser loads it.
      slow.stop();
      location.assign(url.href);
      return;
    }
    if (id !== navigationId) return; // a later click won
    if (how.push) history.pushState({ scroll: 0 }, '', url.href);
    current = next;
    shown++;
    view.show(next);
    consent.refresh();
    slow.stop();
    if (next.pageData.result.head) updateHead(next.pageData.result.head, next.pageData.result.pageContext.locale, next.shared.site.name);
    const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else scrollTo(0, how.scroll ?? 0);
    (document.getElementById('main') ?? container).focus({ preventScroll: true });
    announcer.announce(message(next.shared, 'runtime.navigated-to', { name: pageName(url.pathname) }));
    analytics?.pageView(url.pathname, document.title);
    prefetcher.scan();
  };
  startRouter(go);
}
