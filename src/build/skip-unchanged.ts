// `agency-site build` asks this before loading the pipeline: when no input changed and out/ is as
// the last build left it, the build is already done. Loads node: modules and two small files only.
import { dirname, join, resolve } from 'node:path';
import { isOutputAsRecorded } from '../output/build-manifest.ts';
import type { BuildReport } from './report.ts';
import { checkStamps, type SourceStamps, type StampChange } from './source-stamps.ts';

export interface SkipCheck {
  /** The cache folder the build uses (--cache, or .cache beside the site folder). */
  cacheDir: string;
  /** The last build's report, as this run's (nothing rendered or written), when nothing changed. */
  report?: BuildReport;
  /** One line about a cache that cannot be trusted; the full build that follows rebuilds it. */
  problem?: string;
  /** The inputs that differ from the last build's (absolute paths), when its stamps could be compared. */
  changes?: StampChange[];
  /** The inputs as that comparison found them: the build that follows saves them instead of walking every folder again. */
  stamps?: SourceStamps;
}

export function checkUnchanged(options: { siteDir: string; outDir: string; cacheDir?: string; baseUrl?: string }): SkipCheck {
  const started = performance.now();
  const siteDir = resolve(options.siteDir);
  const root = dirname(siteDir);
  const cacheDir = resolve(options.cacheDir ?? join(root, '.cache'));
  const check = checkStamps({
    siteDir,
    templatesDir: join(root, 'templates'),
    localesDir: join(root, 'locales'),
    outDir: options.outDir,
    cacheDir,
    baseUrl: options.baseUrl,
  });
  if (!check.current)
    return check.problem
      ? { cacheDir, problem: check.problem }
      : check.changes
        ? { cacheDir, changes: check.changes, ...(check.stamps ? { stamps: check.stamps } : {}) }
        : { cacheDir };
  if (!isOutputAsRecorded({ cacheDir, outDir: options.outDir })) return { cacheDir };
  const last = check.report as BuildReport;
  const images = last.images ? { ...last.images, processed: 0, fromCache: last.images.processed + last.images.fromCache, socialCards: 0 } : undefined;
  const report: BuildReport = {
    ...last,
    rendered: 0,
    fromCache: last.pages,
    parsedMarkdown: 0,
    filesWritten: 0,
    bytesWritten: 0,
    upToDate: true,
    stages: [{ name: 'checking file stamps', ms: performance.now() - started }],
    ...(images ? { images } : {}),
    durationMs: performance.now() - started,
  };
  return { cacheDir, report };
}
