export { serveSite, type ServeOptions, type SiteServer, type RequestHandler } from './serve-site.ts';
export { resolveRequestPath, createStaticHandler } from './static-handler.ts';
export { createThirdPartyProxy, isForbiddenAddress, type ProxyOptions } from './third-party-proxy.ts';
export { securityHeaders, type SecurityHeaderOptions } from '../node/security-headers.ts';
export { cacheControl, contentType, fileHeaders } from '../node/cache-policy.ts';
export { watchSite, type WatchSiteOptions } from './watch-site.ts';
export { affectedBy, reloadKind, type ChangeKind } from './affected-by.ts';
export { createDevEvents, injectClient, EVENTS_PATH, CLIENT_PATH, type DevEvent } from './dev-events.ts';
