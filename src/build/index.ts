export { buildSite, type BuildOptions } from './pipeline.ts';
export { formatReport, type BuildReport } from './report.ts';
export { securityOptions } from './security-options.ts';
