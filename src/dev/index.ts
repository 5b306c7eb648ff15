// `serve --watch` only: the watcher, what a change affects, and the live-reload events.
export { watchSite, type WatchSiteOptions } from './watch-site.ts';
export { affectedBy, reloadKind, type ChangeKind } from './affected-by.ts';
export { createDevEvents, injectClient, EVENTS_PATH, CLIENT_PATH, type DevEvent } from './dev-events.ts';
