export { checkSite, type CheckSiteOptions, type CheckSiteResult } from './check-site.ts';
export { formatFindings, summarizeFindings, findingLocation, sortFindings } from './format-findings.ts';
export { CHECK_NAMES, type Finding, type Severity, type CheckName } from './types.ts';
