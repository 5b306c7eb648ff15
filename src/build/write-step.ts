import { isOutputCurrent, LiveOutput, readOutputKeys, recordOutput, type OutputFile, type StagedOutput } from '../output/index.ts';
import { contentHash } from '../shared/hash.ts';
import { writeServiceWorker } from '../sw/index.ts';
import type { createTasks } from './task.ts';

/**
 * Puts the build's files into out/: nothing when out/ already holds exactly them; file by file
 * when `inPlace` (serve --watch) and the last build's record says what out/ holds; otherwise into
 * the staging folder, swapped in whole. Then writes sw.js and records what out/ now holds.
 */
export async function writeOutputFiles(options: {
  files: OutputFile[];
  output: StagedOutput;
  outDir: string;
  cacheDir: string;
  inPlace: boolean;
  task: ReturnType<typeof createTasks>['task'];
}): Promise<{ upToDate: boolean; filesWritten: number; bytesWritten: number }> {
  const { files, output, outDir, cacheDir, task } = options;
  // Linked files are named by their content key; written files are hashed here.
  const keys = Object.fromEntries(files.map((f) => [f.path, 'linkFrom' in f ? f.linkFrom : contentHash(f.data)]));
  const fingerprint = contentHash(...files.map((f) => `${f.path}\0${keys[f.path]}`));
  const record = () => recordOutput({ cacheDir, outDir, fingerprint, paths: [...files.map((f) => f.path), 'sw.js'], keys });

  if (isOutputCurrent({ cacheDir, outDir, fingerprint })) {
    await output.abort();
    return { upToDate: true, filesWritten: 0, bytesWritten: 0 };
  }
  const previous = options.inPlace ? readOutputKeys({ cacheDir, outDir }) : undefined;
  if (previous) {
    await output.abort();
    const live = new LiveOutput(outDir);
    await task('updating files in place', async () => {
      await Promise.all(files.filter((f) => previous[f.path] !== keys[f.path]).map((f) => live.put(f)));
      await Promise.all(Object.keys(previous).filter((path) => !(path in keys) && path !== 'sw.js').map((path) => live.remove(path)));
    });
    await task('service worker', () => writeServiceWorker({ outDir: live.outDir, cacheDir }));
    record();
    return { upToDate: false, filesWritten: live.filesWritten, bytesWritten: live.bytesWritten };
  }
  await task('writing files', async () => {
    await Promise.all(files.map((f) => ('linkFrom' in f ? output.linkFrom(f.path, f.linkFrom, f.bytes) : output.write(f.path, f.data))));
  });
  await task('service worker', () => writeServiceWorker({ outDir: output.stagingDir, cacheDir }));
  await task('publishing', async () => {
    await output.commit();
    record();
  });
  return { upToDate: false, filesWritten: output.filesWritten, bytesWritten: output.bytesWritten };
}
