export { StagedOutput } from './staged-output.ts';
export { sitemapXml, robotsTxt, atomFeed } from './site-files.ts';
export { isOutputCurrent, recordOutput, type OutputFile } from './build-manifest.ts';
