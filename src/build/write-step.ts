import {
  isOutputCurrent,
  isPrecached,
  LiveOutput,
  MemoryOutput,
  readOutputKeys,
  recordOutput,
  serviceWorkerFile,
  serviceWorkerFor,
  type OutputFile,
  type StagedOutput,
} from '../output/index.ts';
import { contentHash } from '../node/hash.ts';
import type { createTasks } from './task.ts';

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
  task: ReturnType<typeof createTasks>['task'];
}): Promise<{ upToDate: boolean; filesWritten: number; bytesWritten: number }> {
  const { files, output, outDir, cacheDir, task } = options;
  // Linked files are named by their content key; written files are hashed here.
  const keys = Object.fromEntries(files.map((f) => [f.path, 'linkFrom' in f ? f.linkFrom : contentHash(f.data)]));
  const fingerprint = contentHash(...files.map((f) => `${f.path}\0${keys[f.path]}`));
  const precacheKey = contentHash(...files.filter((f) => isPrecached(f.path)).map((f) => `${f.path}\0${keys[f.path]}`));
  const record = () => recordOutput({ cacheDir, outDir, fingerprint, paths: [...files.map((f) => f.path), 'sw.js'], keys });

  if (output instanceof MemoryOutput) {
    await task('writing files', async () => {
      await Promise.all(files.map((f) => ('linkFrom' in f ? output.linkFrom(f.path, f.linkFrom) : output.write(f.path, f.data))));
    });
    const sw = await task('service worker', () => serviceWorkerFor({ files, cacheDir, precacheKey }));
    await output.linkFrom('sw.js', sw.file);
    await output.commit();
    return { upToDate: false, filesWritten: output.filesWritten, bytesWritten: output.bytesWritten };
  }

  if (isOutputCurrent({ cacheDir, outDir, fingerprint })) {
    await output.abort();
    return { upToDate: true, filesWritten: 0, bytesWritten: 0 };
  }
  const previous = readOutputKeys({ cacheDir, outDir });
  const changed = previous ? files.filter((f) => previous[f.path] !== keys[f.path]).length : files.length;
  // A small change (one edited post: a handful of files) is put in place file by file, each one
  // renamed over its target, instead of re-linking thousands of unchanged files into a staging
  // folder. Errors stop a build before this point; if writing itself is cut short, the files it
  // replaced no longer match the record, so the next build rewrites them.
  if (previous && (options.inPlace || changed <= Math.max(50, files.length / 20))) {
    await output.abort();
    const live = new LiveOutput(outDir);
    await task('updating files in place', async () => {
      await Promise.all(files.filter((f) => previous[f.path] !== keys[f.path]).map((f) => live.put(f)));
      await Promise.all(
        Object.keys(previous)
          .filter((path) => !(path in keys) && path !== 'sw.js')
          .map((path) => live.remove(path)),
      );
    });
    await task('service worker', async () => {
      const sw = await serviceWorkerFile({ globDir: live.outDir, cacheDir, precacheKey });
      await live.put({ path: 'sw.js', linkFrom: sw.file, bytes: sw.bytes });
    });
    record();
    return { upToDate: false, filesWritten: live.filesWritten, bytesWritten: live.bytesWritten };
  }
  await task('writing files', async () => {
    await Promise.all(files.map((f) => ('linkFrom' in f ? output.linkFrom(f.path, f.linkFrom, f.bytes) : output.write(f.path, f.data))));
  });
  await task('service worker', async () => {
    const sw = await serviceWorkerFile({ globDir: output.stagingDir, cacheDir, precacheKey });
    await output.linkFrom('sw.js', sw.file, sw.bytes);
  });
  await task('publishing', async () => {
    await output.commit();
    record();
  });
  return { upToDate: false, filesWritten: output.filesWritten, bytesWritten: output.bytesWritten };
}
