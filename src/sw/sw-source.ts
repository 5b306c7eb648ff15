/// <reference lib="webworker" />
// The service worker (bundled by esbuild; workbox-build injects the precache list).
// Hashed assets and the offline page are precached; pages and page-data always try the network
// first, so a new deploy is never hidden behind a cache. Forms, the proxy and POSTs pass through.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { APP_DATA_PATH, PROXY_PATH } from '../shared/site-urls.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const PASS_THROUGH = new RegExp(`^/(api|${PROXY_PATH.slice(1)}|__agency-site)(/|$)`);

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !PASS_THROUGH.test(url.pathname),
  new NetworkFirst({ cacheName: 'pages', networkTimeoutSeconds: 3 }),
);
// app-data.json is how a tab learns about a new deploy: it always comes from the network.
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/(page-data|slice-data)\//.test(url.pathname) && url.pathname !== `/${APP_DATA_PATH}`,
  new NetworkFirst({ cacheName: 'page-data', networkTimeoutSeconds: 3 }),
);

// Offline and not cached: the offline page of the visitor's language for documents.
setCatchHandler(async ({ request, url }) => {
  if (request.destination !== 'document') return Response.error();
  const spanish = url.pathname.startsWith('/es/');
  return (await matchPrecache(spanish ? '/es/offline/' : '/offline/')) ?? Response.error();
});
