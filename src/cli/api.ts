// The programmatic API (used by the benchmark and by other tools): the same build the CLI runs.
export { buildSite, createBuildSession, formatReport, type BuildOptions, type BuildReport } from '../build/index.ts';
export { drawCard, processImages, readSocialCardDesign, renderOgImages } from '../images/index.ts';
