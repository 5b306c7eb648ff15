export { StagedOutput } from './staged-output.ts';
export { sitemapXml, robotsTxt, atomFeed, headersFile, redirectsFile } from './site-files.ts';
export { clearOutputRecord, isOutputCurrent, recordOutput, type OutputFile } from './build-manifest.ts';
