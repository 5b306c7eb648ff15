// The serve stage: out/ over HTTP (static files with ETags, compression, cache rules, the
// per-language 404), security headers, and the third-party proxy, which the forms endpoint mounts
// too in production. Used by `serve` with or without --watch; the watcher lives in dev/.
export { serveSite, type ServeOptions, type SiteServer, type RequestHandler } from './serve-site.ts';
export { resolveRequestPath, createStaticHandler } from './static-handler.ts';
export { createThirdPartyProxy, isForbiddenAddress, type ProxyOptions } from './third-party-proxy.ts';
export { securityHeaders, type SecurityHeaderOptions } from '../node/security-headers.ts';
export { securityOptions } from '../node/security-options.ts';
export { cacheControl, contentType, fileHeaders } from '../node/cache-policy.ts';
