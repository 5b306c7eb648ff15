import { rmSync } from 'node:fs';
import { DamagedCacheFile, StagedOutput } from '../output/index.ts';
import { prepareRender } from '../render/index.ts';
import { startBuild } from './build-context.ts';
import { cacheDirOf, type BuildOptions, type BuildResult, type ChangedSince } from './build-state.ts';
import { storedBy, sweepCacheWhenDue } from './cache-sweep.ts';
import { collectFiles } from './collect-step.ts';
import { finishBuild } from './finish-step.ts';
import { renderOpenPagesFirst } from './open-pages-first.ts';
import { planBuild } from './plan-step.ts';
import { readInputs, swapStylesheetFirst } from './read-inputs.ts';
import { renderBesideCards } from './render-beside-cards.ts';
import type { BuildReport } from './report.ts';
import { writeOutputFiles } from './write-step.ts';

export { projectDirsOf, type BuildOptions, type BuildResult, type BuildState, type ChangedSince } from './build-state.ts';

/**
 * The build, step after step; the only place that knows their order. Once it has finished, the
 * cache is swept of what no page uses any more, when enough was stored since the last sweep.
 */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const { report, state } = await runBuild(options);
  // out/ is complete by now: a cache that cannot be swept (its count unwritable) only stays larger.
  const swept = await sweepCacheWhenDue(cacheDirOf(options), state, storedBy(report)).catch(() => undefined);
  return swept ? { ...report, cacheSwept: { files: swept.files, bytes: swept.bytes, ms: swept.ms } } : report;
}

/**
 * One build. A page cache file changed behind the cache's back (its size kept, its asset names
 * not where they were stored) is found only when its names are refilled: it is removed, so the
 * page counts as damaged and renders again, and the build runs once more in full.
 */
export async function runBuild(options: BuildOptions, since?: ChangedSince): Promise<BuildResult> {
  try {
    return await runBuildOnce(options, since);
  } catch (error) {
    if (!(error instanceof DamagedCacheFile)) throw error;
    rmSync(error.file, { force: true });
    return runBuildOnce({ ...options, changedFiles: undefined });
  }
}

/**
 * The steps of a build. Each is a function in its stage's folder that returns what it made and
 * its warnings; `startBuild` holds what they share, and `planChange` (graph/plan-change.ts)
 * decides, from what changed since the last build, what each step reads again and reuses.
 */
async function runBuildOnce(options: BuildOptions, since?: ChangedSince): Promise<BuildResult> {
  const build = startBuild(options, since);
  const inputs = await readInputs(build);
  await swapStylesheetFirst(build, inputs.css);
  const planned = await planBuild(build, inputs);
  const prepared = prepareRender({ ...inputs, plan: planned.plan, cacheDir: build.cacheDir });
  const output = options.output ?? new StagedOutput(options.outDir);
  if (output instanceof StagedOutput) await output.removeStale();
  try {
    const first = await renderOpenPagesFirst(build, inputs, planned, prepared);
    const rendered = await renderBesideCards(build, inputs, planned, prepared, first.pageIndex);
    const collected = await collectFiles(build, inputs, planned, prepared, rendered);
    const last = build.change.last;
    const written = await writeOutputFiles({
      files: collected.files,
      paths: collected.paths,
      output,
      outDir: options.outDir,
      cacheDir: build.cacheDir,
      inPlace: options.inPlace === true,
      names: prepared.slots.values,
      // Watch: out/ as its last build left it (saved once the browser was told). Build: the record read.
      ...(options.inPlace && last?.output ? { last: last.output, deferSave: true } : { recorded: build.outputRecord }),
      task: build.task,
    });
    return finishBuild(build, { inputs, planned, rendered, collected, written });
  } catch (error) {
    // The build's own error is the one reported; a failure to clean up must not replace it.
    await output.abort().catch(() => undefined);
    throw error;
  }
}
