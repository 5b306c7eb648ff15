// The file watcher of `serve --watch`, in its own thread (see file-watcher.ts for why).
import { parentPort, workerData } from 'node:worker_threads';
import { watchInThisThread } from './file-watcher.ts';

const watcher = watchInThisThread((workerData as { paths: string[] }).paths, (kind, path) => parentPort!.postMessage({ kind, path }));
void watcher.ready.then(() => parentPort!.postMessage({ ready: true }));
