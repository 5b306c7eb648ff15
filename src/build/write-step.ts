import {
  isPrecached,
  LiveOutput,
  MemoryOutput,
  recordOutput,
  serviceWorkerFile,
  serviceWorkerFor,
  type OutputFile,
  filledData,
  filledKey,
  positionsIn,
  type HeldOutput,
  type OutputRecord,
  type RecordedOutput,
  type StagedOutput,
} from '../output/index.ts';
import { contentHash } from '../node/hash.ts';
import { runPool } from '../node/run-pool.ts';
import type { createTasks } from './task.ts';

// Enough to keep the disk and libuv's threads busy; a page filled in memory waits for its write, so memory stays flat.
const WRITES_IN_FLIGHT = 64;

interface WriteOptions {
  files: OutputFile[];
  /** Each file's path, in the same order (the collect step has them). */
  paths: readonly string[];
  output: StagedOutput | MemoryOutput;
  outDir: string;
  cacheDir: string;
  inPlace: boolean;
  /** A watch session's record of what its last build left in out/: trusted instead of stat'ing every file. */
  last?: OutputRecord;
  /** `build`: the last build's record of out/, each file stat'ed (BuildContext.outputRecord). */
  recorded?: () => RecordedOutput | undefined;
  /** Watch: the record of out/ is saved by the returned `save`, once the browser was told. */
  deferSave?: boolean;
  /** This build's asset names (the slots' values), kept in the record for the next save's pages. */
  names?: Readonly<Record<string, string>>;
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
  // Arrays by position, made in one plain loop: a watch save compares 13,000 keys with the last
  // build's at the same positions, and each extra pass over files of several shapes cost milliseconds.
  const dataKey = keysOfData();
  const keys = new Array<string>(files.length);
  // The record's files: this build's, and sw.js after them.
  const paths = options.paths.concat('sw.js');
  const precachedAt = new Uint8Array(files.length);
  // A watch save hands on nearly every file object as the last build made it, at the same position:
  // its key and flag are the last ones, taken without reading the object (13,000 objects
  // scattered in memory cost ~7 ms a save to read).
  const last = lastKeyed;
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    if (last !== undefined && f === last.files[i]) {
      keys[i] = last.keys[i]!;
      precachedAt[i] = last.precachedAt[i]!;
      continue;
    }
    keys[i] = 'linkFrom' in f ? f.linkFrom : 'fillFrom' in f ? filledKey(f) : f.hashed ? `named:${f.path}` : dataKey(f.data);
    precachedAt[i] = isPrecached(paths[i]!) ? 1 : 0;
  }
  lastKeyed = { files, keys, precachedAt };
  const precached: string[] = [];
  for (let i = 0; i < files.length; i++) if (precachedAt[i]) precached.push(`${paths[i]}\0${keys[i]}`);
  // Only saved with the record (after the browser was told, in watch) or compared by a full build: made when first asked for.
  let fingerprint: string | undefined;
  const fingerprintOf = () => (fingerprint ??= contentHash(...keys.map((key, i) => `${paths[i]}\0${key}`)));
  const precacheKey = contentHash(...precached);
  const target = targetOf({ ...options, paths, keys, fingerprintOf });
  if (target.kind === 'up-to-date') {
    await options.output.abort();
    return { upToDate: true, filesWritten: 0, bytesWritten: 0, ...(target.record ? { record: target.record } : {}) };
  }
  if (target.kind === 'in-place') await options.output.abort();
  await task(target.kind === 'in-place' ? 'updating files in place' : 'writing files', async () => {
    await runPool(target.files, WRITES_IN_FLIGHT, (f) => put(target, f));
    if (target.kind === 'in-place') await Promise.all(target.removed.map((path) => target.live.remove(path)));
  });
  const serviceWorker = await task('service worker', async () => {
    const sw =
      target.kind === 'memory'
        ? await serviceWorkerFor({ files, cacheDir, precacheKey })
        : await serviceWorkerFile({ globDir: target.kind === 'staged' ? target.output.stagingDir : target.live.outDir, cacheDir, precacheKey });
    await put(target, { path: 'sw.js', linkFrom: sw.file, bytes: sw.bytes });
    return sw.file;
  });
  if (target.kind === 'memory') {
    await target.output.commit();
    return { upToDate: false, filesWritten: target.output.filesWritten, bytesWritten: target.output.bytesWritten, serviceWorker };
  }
  const recordOf = (written?: Uint8Array, last?: { record: OutputRecord; at: Int32Array }, stamped?: LiveOutput['stamps']) =>
    recordOutput({
      cacheDir,
      outDir,
      fingerprint: fingerprintOf,
      paths,
      keys: keys.concat(''),
      ...(last && written ? { last, written } : {}),
      ...(stamped ? { stamped } : {}),
      ...(options.names ? { names: options.names } : {}),
      ...(options.deferSave ? { deferSave: true } : {}),
    });
  const counts = target.kind === 'staged' ? target.output : target.live;
  const written =
    target.kind === 'staged'
      ? await task('publishing', async () => {
          await target.output.commit();
          return recordOf();
        })
      : recordOf(target.writtenAt, { record: target.last, at: target.at }, target.live.stamps);
  return { upToDate: false, filesWritten: counts.filesWritten, bytesWritten: counts.bytesWritten, serviceWorker, ...written };
}

type Target =
  | { kind: 'memory'; output: MemoryOutput; files: OutputFile[] }
  | { kind: 'up-to-date'; record?: OutputRecord }
  /**
   * `last`: what out/ held before, every file in it checked; only the files written are stat'ed
   * again. `at`: each file's position in it. `writtenAt`: 1 at the positions of the files written, sw.js's included.
   */
  | { kind: 'in-place'; live: LiveOutput; files: OutputFile[]; removed: string[]; last: OutputRecord; at: Int32Array; writtenAt: Uint8Array }
  | { kind: 'staged'; output: StagedOutput; files: OutputFile[] };

/** The one rule that picks where the files go. */
function targetOf(options: WriteOptions & { paths: string[]; keys: string[]; fingerprintOf: () => string }): Target {
  const { files, output, outDir, paths, keys } = options;
  if (output instanceof MemoryOutput) return { kind: 'memory', output, files };
  // Watch: out/ is as this process left it (a file changed behind its back is rewritten by the next
  // `build`). Build: the record as the build read it, each file stat'ed once, for the questions below.
  const recorded = options.last ? undefined : options.recorded?.();
  // Up to date: the record read is handed on, so a watch session's first save need not stat out/ again.
  if (recorded?.intact && recorded.fingerprint === options.fingerprintOf()) return { kind: 'up-to-date', record: recorded.record };
  const last = options.last ?? recorded?.record;
  const at = last ? positionsIn(last, paths) : undefined;
  // Each changed file's position in the record (-1: new).
  const changedAt = new Map<OutputFile, number>();
  const writtenAt = new Uint8Array(paths.length);
  writtenAt[files.length] = 1;
  if (last)
    for (let i = 0; i < files.length; i++)
      if (at![i]! < 0 || last.keys[at![i]!] !== keys[i]) {
        changedAt.set(files[i]!, at![i]!);
        writtenAt[i] = 1;
      }
  const changed = last ? [...changedAt.keys()] : files;
  // A small change (one edited post: a handful of files) is put in place file by file, each one
  // renamed over its target, instead of re-linking thousands of unchanged files into a staging
  // folder. Errors stop a build before this point; if writing itself is cut short, the files it
  // replaced no longer match the record, so the next build rewrites them.
  if (last && (options.inPlace || changed.length <= Math.max(50, files.length / 20))) {
    const kept = new Uint8Array(last.paths.length);
    for (let i = 0; i < at!.length; i++) if (at![i]! >= 0) kept[at![i]!] = 1;
    const removed = last.paths.filter((path, j) => !kept[j] && path !== 'sw.js');
    if (options.last && !changed.length && !removed.length) return { kind: 'up-to-date', record: options.last };
    // Watch: what out/ holds of each changed file, so a page refilled from the same cached page is written where it is.
    const heldAt = new Map(changed.map((f) => [f.path, changedAt.get(f)!]));
    const held: HeldOutput = {
      file: (path) => {
        const j = heldAt.get(path) ?? -1;
        return j < 0 ? undefined : { key: last.keys[j]!, size: last.stamps[2 * j]!, mtimeMs: last.stamps[2 * j + 1]! };
      },
      ...(last.names ? { names: last.names } : {}),
    };
    return {
      kind: 'in-place',
      live: new LiveOutput(outDir, options.inPlace ? held : undefined),
      files: changed,
      removed,
      last,
      at: at!,
      writtenAt,
    };
  }
  return { kind: 'staged', output, files };
}

/**
 * The content key of bytes the build made (the sitemap, feeds, host files): a watch save hands on
 * most of them as they were, and hashing a 2,000-post sitemap again cost milliseconds a save.
 */
function keysOfData(): (data: string | Uint8Array) => string {
  const last = lastDataKeys;
  const now = (lastDataKeys = new Map());
  return (data) => {
    const key = last.get(data) ?? contentHash(data);
    now.set(data, key);
    return key;
  };
}
/** The last build's: only what it made is kept, so a session holds no more than one build's bytes. */
let lastDataKeys = new Map<string | Uint8Array, string>();

/** The last build's files with their keys and precache flags, by position. */
let lastKeyed: { files: readonly OutputFile[]; keys: string[]; precachedAt: Uint8Array } | undefined;

export interface Written {
  upToDate: boolean;
  filesWritten: number;
  bytesWritten: number;
  /** What out/ now holds, for the next build of the same process. */
  record?: OutputRecord;
  /** Saves that record (when `deferSave`): watch calls it after the browser was told. */
  save?: () => void;
  /** The cache file sw.js came from, when this build made one. */
  serviceWorker?: string;
}

/** Links a cached file, fills a rendered one, or writes bytes, into the target. */
async function put(target: Exclude<Target, { kind: 'up-to-date' }>, file: OutputFile): Promise<void> {
  if (target.kind === 'in-place') return target.live.put(file);
  if ('linkFrom' in file) return target.output.linkFrom(file.path, file.linkFrom, file.bytes);
  return target.output.write(file.path, 'fillFrom' in file ? await filledData(file) : file.data);
}
