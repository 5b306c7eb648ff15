import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { importTemplates } from '../assets/index.ts';
import { internalError, siteErrorFromData, type SiteErrorData } from '../errors/index.ts';
import { MarkdownCache } from './markdown-cache.ts';
import type { RenderSetup } from './render-page.ts';
import { runRenderJobs, type RenderJob, type RenderJobResult } from './render-job.ts';

export interface RenderPoolOptions {
  setup: RenderSetup;
  /** Worker threads to use; 0 renders in this thread. Default: one per core when there is enough work. */
  workers?: number;
  onResults: (results: RenderJobResult[]) => void;
}

const BATCH = 40;
/** Below this many pages, starting workers (each imports React and the templates) costs more than it saves. */
const MIN_PAGES_FOR_WORKERS = 150;

function workerFile(): string | undefined {
  // Compiled: dist/render-worker.js beside dist/cli.js. From sources (tests): the compiled copy, if any.
  for (const candidate of ['./render-worker.js', '../../dist/render-worker.js']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** Renders jobs across worker threads (both cores), in batches, reporting results as they arrive. */
export async function renderJobs(jobs: RenderJob[], options: RenderPoolOptions): Promise<{ parsedMarkdown: number }> {
  const file = workerFile();
  const wanted = options.workers ?? (jobs.length >= MIN_PAGES_FOR_WORKERS ? availableParallelism() : 0);
  if (wanted === 0 || !file || jobs.length === 0) {
    const templates = await importTemplates(options.setup.templatesFile);
    const markdown = new MarkdownCache(options.setup.cacheDir, options.setup.constants, options.setup.embedHosts);
    for (let i = 0; i < jobs.length; i += BATCH) options.onResults(runRenderJobs(jobs.slice(i, i + BATCH), options.setup, templates, markdown));
    return { parsedMarkdown: markdown.misses };
  }

  const count = Math.min(wanted, Math.ceil(jobs.length / BATCH));
  const batches: RenderJob[][] = [];
  for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH));
  let next = 0;
  const parsed = new Map<number, number>();
  // Workers get none of the parent's flags but the profiler's: `node --cpu-prof` then profiles each
  // worker too (one .cpuprofile per thread, in --cpu-prof-dir), where most of a cold build's time goes.
  const execArgv = profilerFlags(process.execArgv);
  const workers = Array.from({ length: count }, () => new Worker(file, { workerData: options.setup, execArgv }));
  try {
    await Promise.all(
      workers.map(
        (worker, index) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= batches.length) return resolve();
              worker.postMessage({ id: next, jobs: batches[next++] });
            };
            worker.on(
              'message',
              (message: { ready?: boolean; results?: RenderJobResult[]; parsed?: number; error?: { site?: SiteErrorData; message?: string } }) => {
                if (message.error)
                  return reject(message.error.site ? siteErrorFromData(message.error.site) : internalError(`render worker failed: ${message.error.message}`));
                if (message.results) {
                  parsed.set(index, message.parsed ?? 0);
                  options.onResults(message.results);
                }
                send();
              },
            );
            worker.on('error', (error) => reject(internalError('render worker crashed', error)));
            worker.on('exit', (code) => code !== 0 && reject(internalError(`render worker exited with code ${code}`)));
          }),
      ),
    );
  } finally {
    // A profiled worker writes its profile only when it exits by itself, so it is asked to.
    if (execArgv.length) {
      const exited = workers.map((w) => new Promise((done) => w.once('exit', done).postMessage({ exit: true })));
      await Promise.race([Promise.all(exited), new Promise((done) => setTimeout(done, 5000).unref())]);
    }
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return { parsedMarkdown: [...parsed.values()].reduce((a, b) => a + b, 0) };
}

/** The profiler's flags among node's, with the value of those written `--cpu-prof-dir DIR`. */
export function profilerFlags(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  execArgv.forEach((flag, i) => {
    if (!flag.startsWith('--cpu-prof')) return;
    kept.push(flag);
    const next = execArgv[i + 1];
    if (flag !== '--cpu-prof' && !flag.includes('=') && next !== undefined) kept.push(next);
  });
  return kept;
}
