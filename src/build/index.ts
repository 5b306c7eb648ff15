export { buildSite, runBuild, type BuildOptions, type BuildState } from './pipeline.ts';
export { formatReport, type BuildReport } from './report.ts';
export { createBuildSession } from './build-session.ts';
