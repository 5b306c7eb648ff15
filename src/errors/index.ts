export { SiteError, isSiteError, formatSiteError, formatLocation, type SourceLocation, type SiteErrorData } from './site-error.ts';
export * from './catalogue.ts';
export { codeFrame } from './code-frame.ts';
export { locateYamlPath } from './yaml-location.ts';
