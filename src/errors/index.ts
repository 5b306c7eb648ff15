export { SiteError, isSiteError, siteErrorFromData, formatSiteError, formatLocation, type SourceLocation, type SiteErrorData } from './site-error.ts';
export * from './catalogue/index.ts';
export {
  catalogueEntry,
  ERROR_ENTRIES,
  FINDING_ENTRIES,
  STAGES,
  WARNING_ENTRIES,
  type BuildWarning,
  type ErrorEntry,
  type FindingCase,
  type FindingEntry,
  type Stage,
} from './define-error.ts';
export { locate, type YamlSource } from './locate.ts';
export { internalError } from './internal-error.ts';
export { formatCauses } from './format-causes.ts';
export { codeFrame } from './code-frame.ts';
export { locateYamlPath } from './yaml-location.ts';
