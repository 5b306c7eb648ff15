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

/**
 * Puts the build's files into out/: nothing when out/ already holds exactly them; file by file
 * when the last build's record says what out/ holds and either `inPlace` (serve --watch) or few
 * files changed; otherwise into the staging folder, swapped in whole. Then writes sw.js and records what out/ now holds.
 * A MemoryOutput (tests) gets every file and sw.js, and out/ is neither read nor written.
 */
export async function writeOutputFiles(options: {
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
}): Promise<Written> {
  const { files, output, outDir, cacheDir, task } = options;
  // Linked files are named by their content key; written files are hashed here.
  // Files named by their content hash need no hashing again (the bundles and their compressed copies are most of the bytes).
  const keys = Object.fromEntries(
    files.map((f) => [f.path, 'linkFrom' in f ? f.linkFrom : 'fillFrom' in f ? filledKey(f) : f.hashed ? `named:${f.path}` : contentHash(f.data)]),
  );
  // Only saved with the record (after the browser was told, in watch) or compared by a full build: made when first asked for.
  let fingerprint: string | undefined;
  const fingerprintOf = () => (fingerprint ??= contentHash(...files.map((f) => `${f.path}\0${keys[f.path]}`)));
  const precacheKey = contentHash(...files.filter((f) => isPrecached(f.path)).map((f) => `${f.path}\0${keys[f.path]}`));
  const record = (written?: Set<string>) =>
    recordOutput({
      cacheDir,
      outDir,
      fingerprint: fingerprintOf,
      paths: [...files.map((f) => f.path), 'sw.js'],
      keys,
      ...(options.last && written ? { last: options.last, written } : {}),
      ...(options.deferSave ? { deferSave: true } : {}),
    });

  if (output instanceof MemoryOutput) {
    await task('writing files', async () => {
      await runPool(files, WRITES_IN_FLIGHT, (f) => put(output, f));
    });
    const sw = await task('service worker', () => serviceWorkerFor({ files, cacheDir, precacheKey }));
    await output.linkFrom('sw.js', sw.file);
    await output.commit();
    return { upToDate: false, filesWritten: output.filesWritten, bytesWritten: output.bytesWritten };
  }

  // Up to date: the record read is handed on, so a watch session's first save need not stat out/ again.
  const current = options.last ? undefined : currentOutput({ cacheDir, outDir, fingerprint: fingerprintOf() });
  if (current) {
    await output.abort();
    return { upToDate: true, filesWritten: 0, bytesWritten: 0, ...(Object.keys(current.keys).length ? { record: current } : {}) };
  }
  // Watch: out/ is as this process left it (a file changed behind its back is rewritten by the next `build`).
  const previous = options.last?.keys ?? readOutputKeys({ cacheDir, outDir });
  const changedFiles = previous ? files.filter((f) => previous[f.path] !== keys[f.path]) : files;
  // A small change (one edited post: a handful of files) is put in place file by file, each one
  // renamed over its target, instead of re-linking thousands of unchanged files into a staging
  // folder. Errors stop a build before this point; if writing itself is cut short, the files it
  // replaced no longer match the record, so the next build rewrites them.
  if (previous && (options.inPlace || changedFiles.length <= Math.max(50, files.length / 20))) {
    await output.abort();
    const live = new LiveOutput(outDir);
    const removed = Object.keys(previous).filter((path) => !(path in keys) && path !== 'sw.js');
    if (options.last && !changedFiles.length && !removed.length) return { upToDate: true, filesWritten: 0, bytesWritten: 0, record: options.last };
    await task('updating files in place', async () => {
      await runPool(changedFiles, WRITES_IN_FLIGHT, (f) => live.put(f));
      await Promise.all(removed.map((path) => live.remove(path)));
    });
    await task('service worker', async () => {
      const sw = await serviceWorkerFile({ globDir: live.outDir, cacheDir, precacheKey });
      await live.put({ path: 'sw.js', linkFrom: sw.file, bytes: sw.bytes });
    });
    const written = record(new Set([...changedFiles.map((f) => f.path), 'sw.js']));
    return { upToDate: false, filesWritten: live.filesWritten, bytesWritten: live.bytesWritten, ...written };
  }
  await task('writing files', async () => {
    await runPool(files, WRITES_IN_FLIGHT, (f) => put(output, f));
  });
  await task('service worker', async () => {
    const sw = await serviceWorkerFile({ globDir: output.stagingDir, cacheDir, precacheKey });
    await output.linkFrom('sw.js', sw.file, sw.bytes);
  });
  const written = await task('publishing', async () => {
    await output.commit();
    return record();
  });
  return { upToDate: false, filesWritten: output.filesWritten, bytesWritten: output.bytesWritten, ...written };
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

/** Links a cached file, fills a rendered one, or writes bytes. */
async function put(output: StagedOutput | MemoryOutput, file: OutputFile): Promise<void> {
  if ('linkFrom' in file) return output.linkFrom(file.path, file.linkFrom, file.bytes);
  return output.write(file.path, 'fillFrom' in file ? await filledData(file) : file.data);
}
