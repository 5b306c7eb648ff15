import {
  currentOutput,
  isPrecached,
  LiveOutput,
  MemoryOutput,
  readOutputKeys,
  recordOutput,
  serviceWorkerFile,
  serviceWorkerFor,
  type OutputFile,
  filledData,
  filledKey,
  type OutputRecord,
  type StagedOutput,
} from '../output/index.ts';
import { contentHash } from '../node/hash.ts';
import { runPool } from '../node/run-pool.ts';
import type { createTasks } from './task.ts';

// Enough to keep the disk and libuv's threads busy; a page filled in memory waits for its write, so memory stays flat.
const WRITES_IN_FLIGHT = 64;

interface WriteOptions {
  files: OutputFile[];
  output: StagedOutput | MemoryOutput;
  outDir: string;
  cacheDir: string;
  inPlace: boolean;
  /** A watch session's record of what its last build left in out/: trusted instead of stat'ing every file. */
  last?: OutputRecord;
  /** Watch: the record of out/ is saved by the returned `save`, once the browser was told. */
  deferSave?: boolean;
  task: ReturnType<typeof createTasks>['task'];
}

/**
 * Puts the build's files into out/, by one rule (`targetOf`): nothing when out/ already holds
 * exactly them; file by file when the last build's record says what out/ holds and either
 * `inPlace` (serve --watch) or few files changed; otherwise into the staging folder, swapped in
 * whole. A MemoryOutput (tests) gets every file, and out/ is neither read nor written. Then, the
 * same way for every target: sw.js from what the target holds, and the record of out/.
 */
export async function writeOutputFiles(options: WriteOptions): Promise<Written> {
  const { files, outDir, cacheDir, task } = options;
  // Linked files are named by their content key; written files are hashed here.
  // Files named by their content hash need no hashing again (the bundles and their compressed copies are most of the bytes).
  const keys = Object.fromEntries(
    files.map((f) => [f.path, 'linkFrom' in f ? f.linkFrom : 'fillFrom' in f ? filledKey(f) : f.hashed ? `named:${f.path}` : contentHash(f.data)]),
  );
  // Only saved with the record (after the browser was told, in watch) or compared by a full build: made when first asked for.
  let fingerprint: string | undefined;
  const fingerprintOf = () => (fingerprint ??= contentHash(...files.map((f) => `${f.path}\0${keys[f.path]}`)));
  const precacheKey = contentHash(...files.filter((f) => isPrecached(f.path)).map((f) => `${f.path}\0${keys[f.path]}`));

  const target = targetOf({ ...options, keys, fingerprintOf });
  if (target.kind === 'up-to-date') {
    await options.output.abort();
    return { upToDate: true, filesWritten: 0, bytesWritten: 0, ...(target.record ? { record: target.record } : {}) };
  }
  if (target.kind === 'in-place') await options.output.abort();
  await task(target.kind === 'in-place' ? 'updating files in place' : 'writing files', async () => {
    await runPool(target.files, WRITES_IN_FLIGHT, (f) => put(target, f));
    if (target.kind === 'in-place') await Promise.all(target.removed.map((path) => target.live.remove(path)));
  });
  await task('service worker', async () => {
    const sw =
      target.kind === 'memory'
        ? await serviceWorkerFor({ files, cacheDir, precacheKey })
        : await serviceWorkerFile({ globDir: target.kind === 'staged' ? target.output.stagingDir : target.live.outDir, cacheDir, precacheKey });
    await put(target, { path: 'sw.js', linkFrom: sw.file, bytes: sw.bytes });
  });
  if (target.kind === 'memory') {
    await target.output.commit();
    return { upToDate: false, filesWritten: target.output.filesWritten, bytesWritten: target.output.bytesWritten };
  }
  const recordOf = (written?: Set<string>) =>
    recordOutput({
      cacheDir,
      outDir,
      fingerprint: fingerprintOf,
      paths: [...files.map((f) => f.path), 'sw.js'],
      keys,
      ...(options.last && written ? { last: options.last, written } : {}),
      ...(options.deferSave ? { deferSave: true } : {}),
    });
  const counts = target.kind === 'staged' ? target.output : target.live;
  const written =
    target.kind === 'staged'
      ? await task('publishing', async () => {
          await target.output.commit();
          return recordOf();
        })
      : recordOf(new Set([...target.files.map((f) => f.path), 'sw.js']));
  return { upToDate: false, filesWritten: counts.filesWritten, bytesWritten: counts.bytesWritten, ...written };
}

type Target =
  | { kind: 'memory'; output: MemoryOutput; files: OutputFile[] }
  | { kind: 'up-to-date'; record?: OutputRecord }
  | { kind: 'in-place'; live: LiveOutput; files: OutputFile[]; removed: string[] }
  | { kind: 'staged'; output: StagedOutput; files: OutputFile[] };

/** The one rule that picks where the files go. */
function targetOf(options: WriteOptions & { keys: Record<string, string>; fingerprintOf: () => string }): Target {
  const { files, output, outDir, cacheDir, keys } = options;
  if (output instanceof MemoryOutput) return { kind: 'memory', output, files };
  // Up to date: the record read is handed on, so a watch session's first save need not stat out/ again.
  const current = options.last ? undefined : currentOutput({ cacheDir, outDir, fingerprint: options.fingerprintOf() });
  if (current) return { kind: 'up-to-date', ...(Object.keys(current.keys).length ? { record: current } : {}) };
  // Watch: out/ is as this process left it (a file changed behind its back is rewritten by the next `build`).
  const previous = options.last?.keys ?? readOutputKeys({ cacheDir, outDir });
  const changed = previous ? files.filter((f) => previous[f.path] !== keys[f.path]) : files;
  // A small change (one edited post: a handful of files) is put in place file by file, each one
  // renamed over its target, instead of re-linking thousands of unchanged files into a staging
  // folder. Errors stop a build before this point; if writing itself is cut short, the files it
  // replaced no longer match the record, so the next build rewrites them.
  if (previous && (options.inPlace || changed.length <= Math.max(50, files.length / 20))) {
    const removed = Object.keys(previous).filter((path) => !(path in keys) && path !== 'sw.js');
    if (options.last && !changed.length && !removed.length) return { kind: 'up-to-date', record: options.last };
    return { kind: 'in-place', live: new LiveOutput(outDir), files: changed, removed };
  }
  return { kind: 'staged', output, files };
}

export interface Written {
  upToDate: boolean;
  filesWritten: number;
  bytesWritten: number;
  /** What out/ now holds, for the next build of the same process. */
  record?: OutputRecord;
  /** Saves that record (when `deferSave`): watch calls it after the browser was told. */
  save?: () => void;
}

/** Links a cached file, fills a rendered one, or writes bytes, into the target. */
async function put(target: Exclude<Target, { kind: 'up-to-date' }>, file: OutputFile): Promise<void> {
  if (target.kind === 'in-place') return target.live.put(file);
  if ('linkFrom' in file) return target.output.linkFrom(file.path, file.linkFrom, file.bytes);
  return target.output.write(file.path, 'fillFrom' in file ? await filledData(file) : file.data);
}
