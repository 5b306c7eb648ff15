import { cacheResetWarning, type BuildWarning } from '../errors/index.ts';
import { planChange, projectPath, readGraph, type ChangePlan, type ProjectDirs } from '../graph/index.ts';
import { readOutputRecord, type RecordedOutput } from '../output/index.ts';
import { cacheDirOf, projectDirsOf, type BuildOptions, type ChangedSince } from './build-state.ts';
import { takeStamps, type SourceStamps } from './source-stamps.ts';
import { createTasks, type StageTiming } from './task.ts';

/** What every step of one build reads: its options and folders, its timer, and what changed since the last build. */
export interface BuildContext {
  options: BuildOptions;
  dirs: ProjectDirs;
  cacheDir: string;
  task: ReturnType<typeof createTasks>['task'];
  timings: StageTiming[];
  started: number;
  /** The inputs as this build found them (a plain `build`): saved with its report. */
  stamps?: SourceStamps;
  change: ChangePlan;
  warnings: BuildWarning[];
  /**
   * The record of what the last build left in out/, each file stat'ed once, read when first asked
   * for (by the render step, to trust kept pages, or by the write step). Undefined in a watch
   * session's rebuilds (the session keeps its own record) and for an output in memory.
   */
  outputRecord: () => RecordedOutput | undefined;
}

export function startBuild(options: BuildOptions, since: ChangedSince | undefined): BuildContext {
  const started = performance.now();
  const dirs = projectDirsOf(options);
  const cacheDir = cacheDirOf(options);
  const { task, timings } = createTasks(options.onStage);
  // Taken before anything is read: a file saved while this build runs differs from its stamp.
  // Not in serve --watch's rebuilds (inPlace): walking every input on each save would slow the
  // reload; the stamps saved by an earlier build then just no longer match, as they should not.
  const stamps =
    options.inPlace || options.output ? undefined : (options.stamps ?? takeStamps({ ...dirs, outDir: options.outDir, cacheDir, baseUrl: options.baseUrl }));
  since ??= options.changedFiles && { changes: options.changedFiles.map((c) => ({ path: projectPath(c.path, dirs), kind: c.kind })) };
  const last = since?.previous;
  const saved = last ? { graph: last.graph } : since ? readGraph(cacheDir) : {};
  const warnings = saved.problem ? [cacheResetWarning(`cache: ${saved.problem}; every page is keyed again`)] : [];
  const change = planChange(since?.changes, saved.graph, last);
  let recorded: { value: RecordedOutput | undefined } | undefined;
  const outputRecord = () =>
    (recorded ??= { value: options.output || last?.output ? undefined : readOutputRecord({ cacheDir, outDir: options.outDir }) }).value;
  return { options, dirs, cacheDir, task, timings, started, ...(stamps ? { stamps } : {}), change, warnings, outputRecord };
}
