// `serve --watch` only: the watcher and the live-reload events (what a change reaches is graph/'s classifyChange).
export { watchSite, type WatchSiteOptions } from './watch-site.ts';
export { createDevEvents, injectClient, EVENTS_PATH, CLIENT_PATH, type DevEvent } from './dev-events.ts';
export { createTranslationsPage, renderStatusPage, TRANSLATIONS_PATH } from './translations-page.ts';
