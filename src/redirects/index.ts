export { buildRedirectMap, matchRedirect, type AliasClaim, type Redirect, type RedirectMap, type RedirectMapInput } from './build-redirect-map.ts';
export { parseRedirectRules, normalizePath, type RedirectRule, type RedirectTarget } from './redirect-rules.ts';
export { diffUrlLock, formatUrlLock, isFileEntry, parseUrlLock, type LockDiff, type LockEntry } from './url-lock.ts';
export {
  aliasClaims,
  liveEntries,
  mapRedirects,
  redirectsContext,
  writeUrlLock,
  REDIRECTS_FILE,
  URL_LOCK_FILE,
  type LockMode,
  type MappedRedirects,
} from './load-redirects.ts';
export { cloudfrontFunctionCode, parseRedirectMap, redirectLines, redirectMapJson, redirectPageHtml, REDIRECT_MAP_FILE } from './format-redirects.ts';
