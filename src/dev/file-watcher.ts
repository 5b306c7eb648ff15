import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { watch } from 'chokidar';

export type FileEvent = 'add' | 'change' | 'unlink';

export interface FileWatcher {
  ready: Promise<void>;
  close: () => Promise<void>;
}

/** chokidar on these folders, in this thread: what the watch worker runs. */
export function watchInThisThread(paths: string[], onEvent: (kind: FileEvent, path: string) => void): FileWatcher {
  // No awaitWriteFinish: polling until a file is stable cost ~28 ms per save here. A save in
  // several steps is a burst of events, which watch-site's quiet period waits out.
  const watcher = watch(paths, { ignoreInitial: true });
  for (const kind of ['add', 'change', 'unlink'] as const) watcher.on(kind, (path: string) => onEvent(kind, path));
  return { ready: new Promise((resolve) => watcher.once('ready', () => resolve())), close: () => watcher.close() };
}

function workerFile(): string | undefined {
  // Compiled: dist/watch-worker.js beside the chunk this runs from. From sources (tests): the compiled copy, if any.
  for (const candidate of ['./watch-worker.js', '../../dist/watch-worker.js']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  return undefined;
}

/**
 * Watches the folders from a worker thread. chokidar reads a whole folder again after any event
 * in it: 62 ms of CPU per save with 2,000 posts in blog/en, on the thread that then builds. In a
 * worker it runs on the other core. Without the compiled worker (sources), it runs here.
 */
export function watchFiles(paths: string[], onEvent: (kind: FileEvent, path: string) => void): FileWatcher {
  const file = workerFile();
  if (!file) return watchInThisThread(paths, onEvent);
  const worker = new Worker(file, { workerData: { paths } });
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: { ready?: true; kind?: FileEvent; path?: string }) => {
      if (message.ready) resolve();
      else onEvent(message.kind!, message.path!);
    });
    worker.once('error', reject);
  });
  // A watcher that died is not a reason to stop serving: the last build stays up, as after a failed build.
  worker.on('error', () => undefined);
  return {
    ready,
    close: async () => {
      await worker.terminate();
    },
  };
}
