export type { Output } from './output.ts';
export { StagedOutput, removeOpenStagingDirs } from './staged-output.ts';
export { MemoryOutput } from './memory-output.ts';
export { sitemapXml, robotsTxt, atomFeed, headersFile, redirectsFile } from './site-files.ts';
export { clearOutputRecord, positionsIn, readOutputRecord, recordOutput, type OutputFile, type OutputRecord, type RecordedOutput } from './build-manifest.ts';
export { LiveOutput, type HeldFile, type HeldOutput } from './live-output.ts';
export { hashedFilesJson, readHashedFiles, watchHashedFiles } from './hashed-files.ts';
export { isPrecached, serviceWorkerFile, serviceWorkerFor } from './write-service-worker.ts';
export {
  collectOutputFiles,
  hostFiles,
  islandsDataFile,
  renamedHostFiles,
  pageDataFile,
  type CollectedFiles,
  type PageFiles,
  type SiteFiles,
} from './collect-files.ts';
export { DamagedCacheFile, filledData, filledKey, type FilledFile } from './filled-file.ts';
export { byPath, movedInOrder } from './order-by-path.ts';
