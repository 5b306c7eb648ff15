export { buildSite, runBuild } from './pipeline.ts';
export type { BuildOptions, BuildState } from './build-state.ts';
export { formatRebuild, formatReport, sweptLine, warningKey, type BuildReport } from './report.ts';
export { createBuildSession } from './build-session.ts';
