// The browser runtime: hydrates the server-rendered page, then navigates between pages with
// page-data instead of full loads. Browser only: no node: imports anywhere under src/client.
import { createElement, startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot, type Root as ReactRoot } from 'react-dom/client';
import type { RootProps } from '../shared/template-contract.ts';
import { startAnalytics } from './analytics.ts';
import { createAnnouncer, pageName } from './announcer.ts';
import { mayTrack, startConsent } from './consent.ts';
import { updateHead } from './head.ts';
import { message } from './messages.ts';
import { createLoader, type PageResources } from './page-resources.ts';
import { startPrefetcher } from './prefetch.ts';
import { startRouter } from './router.ts';
import { registerServiceWorker } from './service-worker.ts';
import { createSlowNotice } from './slow-notice.ts';
import type { RuntimeConfig, TemplateLoaders } from './types.ts';

const RELOAD_FLAG = 'agency-site-reloaded-for';

/** Calls `onCommit` once React has committed the tree: for the first render, when hydration is done. */
function AfterCommit({ onCommit, children }: { onCommit: () => void; children?: ReactNode }) {
  useEffect(onCommit, []);
  return children;
}

function element(Root: ComponentType<RootProps>, res: PageResources, onCommit: () => void) {
  const { pageData } = res;
  const Page = res.component as ComponentType<{ data: unknown; pageContext: unknown }>;
  return createElement(
    AfterCommit,
    { onCommit },
    createElement(
      Root,
      { shared: res.shared, slices: res.slices, pageContext: pageData.result.pageContext, template: res.template },
      createElement(Page, { data: pageData.result.data, pageContext: pageData.result.pageContext }),
    ),
  );
}

/** A new deploy since this HTML was built: reload once (remembered for the tab), never in a loop. */
async function checkDeploy(config: RuntimeConfig): Promise<boolean> {
  try {
    const response = await fetch('/page-data/app-data.json', { cache: 'no-store' });
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

export async function boot({ Root, templates }: { Root: ComponentType<RootProps>; templates: TemplateLoaders }): Promise<void> {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="agency-site-config"]');
  if (!meta) return;
  const config = JSON.parse(meta.content) as RuntimeConfig;
  let resourcesFailed = false;
  let updated = false;
  registerServiceWorker({ resourcesFailed: () => resourcesFailed, onUpdated: () => (updated = true) });
  if (await checkDeploy(config)) return;

  const loader = createLoader({ templates, buildHash: config.buildHash, locales: config.locales, defaultLocale: config.defaultLocale });
  const path = location.pathname;
  let current: PageResources;
  try {
    current = await loader.loadPage(path, { navigation: false });
  } catch {
    resourcesFailed = true;
    console.error(`page resources for ${path} not found. Not rendering React`);
    return;
  }
  const container = document.getElementById('root')!;
  // Hydrating inside a transition lets React yield to the browser every few milliseconds instead of
  // blocking the main thread for the whole page: the static HTML is already visible and clickable.
  // Nothing may change the DOM React hydrates until it is done: an extra node makes React throw the
  // server markup away and render afresh, losing what was changed (a form's noValidate, say).
  let markHydrated!: () => void;
  const hydrated = new Promise<void>((resolve) => (markHydrated = resolve));
  const onHydrated = () => {
    document.documentElement.dataset.hydrated = 'true';
    markHydrated();
  };
  let root!: ReactRoot;
  startTransition(() => {
    root = hydrateRoot(container, element(Root, current, onHydrated));
  });

  // Trackers follow the visitor's choice (consent.ts); page views and conversions go through
  // `analytics`, which exists only once they were allowed and is silenced by a later Reject.
  let analytics: ReturnType<typeof startAnalytics> | undefined;
  const followChoice = () => {
    const on = mayTrack(config.consent);
    if (on) analytics ??= startAnalytics(config.analytics);
    analytics?.allow(on);
  };
  followChoice();
  const texts = ['label', 'text', 'gpc', 'accept', 'reject', 'close'] as const;
  startConsent(Object.fromEntries(texts.map((k) => [k, message(current.shared, `cookie-notice.${config.consent === 'notice' && k === 'text' ? 'notice-text' : k}`)])) as Record<(typeof texts)[number], string>, followChoice);

  const announcer = createAnnouncer();
  const slow = createSlowNotice(1000);
  const prefetcher = startPrefetcher({ settings: config.prefetch, prefetch: loader.prefetch, isLoaded: loader.isLoaded });
  if ('requestIdleCallback' in window) requestIdleCallback(() => prefetcher.scan());
  else setTimeout(() => prefetcher.scan(), 200);

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
  const stampForms = () => {
    for (const form of document.querySelectorAll<HTMLFormElement>('form[method="post"]')) stampForm(form);
  };
  void hydrated.then(stampForms);
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
    // Errors are shown inside the form, so wait until React owns its markup.
    void hydrated.then(() => {
      stampForm(form);
      return import('./forms.ts');
    }).then(({ formNameOf, submitForm }) => {
      const name = formNameOf(form, endpoint);
      if (!name) return form.submit();
      return submitForm(form, name, {
        shared: current.shared,
        locale: current.pageData.result.pageContext.locale,
        onConversion: (form) => analytics?.conversion(form),
        navigate: (path) => go(new URL(path, location.href), { push: true }),
      });
    });
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
      // FullLoad (new deploy, retries exhausted, chunk failure) or anything unexpected: the browser loads it.
      slow.stop();
      location.assign(url.href);
      return;
    }
    if (id !== navigationId) return; // a later click won
    if (how.push) history.pushState({ scroll: 0 }, '', url.href);
    current = next;
    // Committed synchronously: the announcement, focus and scroll below read the new page's DOM.
    flushSync(() => root.render(element(Root, next, onHydrated)));
    slow.stop();
    if (next.pageData.result.head) updateHead(next.pageData.result.head, next.pageData.result.pageContext.locale, next.shared.site.name);
    const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else scrollTo(0, how.scroll ?? 0);
    (document.getElementById('main') ?? container).focus({ preventScroll: true });
    announcer.announce(message(next.shared, 'runtime.navigated-to', { name: pageName(url.pathname) }));
    analytics?.pageView(url.pathname, document.title);
    prefetcher.scan();
    stampForms();
  };
  startRouter(go);
}
