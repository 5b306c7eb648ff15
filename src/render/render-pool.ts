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
  /**
   * Worker threads to use; 0 renders in this thread. Default: one per core when there is enough
   * work, one fewer when this thread joins them.
   */
  workers?: number;
  onResults: (results: RenderJobResult[]) => void;
  /**
   * Once this settles, this thread renders too, in place of one worker. A cold build's social
   * cards keep this thread busy until then: beside two workers on two cores, three busy threads
   * made the build slower than two (BENCHMARKS.md, 2026-11-29).
   */
  joinAfter?: Promise<unknown>;
}

const BATCH = 40;
/** This thread's batches are short: workers' results wait for it between them. */
const OWN_BATCH = 8;
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
    const { templates, markdown } = await renderInThisThread(options.setup);
    for (let i = 0; i < jobs.length; i += BATCH) options.onResults(runRenderJobs(jobs.slice(i, i + BATCH), options.setup, templates, markdown));
    return { parsedMarkdown: markdown.misses };
  }

  const joins = options.joinAfter !== undefined && (options.workers !== undefined || wanted > 1);
  const count = Math.min(joins && options.workers === undefined ? wanted - 1 : wanted, Math.ceil(jobs.length / BATCH));
  const lanes = count + (joins ? 1 : 0);
  let next = 0;
  // Shorter batches near the end, so no thread is left rendering a long one while the others wait.
  const take = (most: number) => {
    const size = Math.max(4, Math.min(most, Math.ceil((jobs.length - next) / (3 * lanes))));
    return jobs.slice(next, (next += size));
  };
  const parsed = new Map<number, number>();
  // Workers get none of the parent's flags but the profiler's: `node --cpu-prof` then profiles each
  // worker too (one .cpuprofile per thread, in --cpu-prof-dir), where most of a cold build's time goes.
  const execArgv = profilerFlags(process.execArgv);
  const workers = Array.from({ length: count }, () => new Worker(file, { workerData: options.setup, execArgv }));
  let failed = false;
  let ownParsed = 0;
  const ownLane = async () => {
    await options.joinAfter!.catch(() => undefined);
    if (next >= jobs.length || failed) return;
    const { templates, markdown } = await renderInThisThread(options.setup);
    while (next < jobs.length && !failed) {
      options.onResults(runRenderJobs(take(OWN_BATCH), options.setup, templates, markdown));
      // The workers' messages come in between: each is handed more work without waiting for this batch.
      await new Promise((done) => setImmediate(done));
    }
    ownParsed = markdown.misses;
  };
  const lane = joins ? ownLane() : undefined;
  try {
    await Promise.all([
      ...workers.map(
        (worker, index) =>
          new Promise<void>((resolve, reject) => {
            // With this thread rendering too, a worker holds a second batch, so it never waits for this thread.
            const ahead = joins ? 2 : 1;
            let sent = 0;
            const send = () => {
              for (; sent < ahead && next < jobs.length; sent++) worker.postMessage({ jobs: take(BATCH) });
              if (sent === 0) resolve();
            };
            worker.on(
              'message',
              (message: { ready?: boolean; results?: RenderJobResult[]; parsed?: number; error?: { site?: SiteErrorData; message?: string } }) => {
                if (message.error)
                  return reject(message.error.site ? siteErrorFromData(message.error.site) : internalError(`render worker failed: ${message.error.message}`));
                if (message.results) {
                  sent--;
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
      lane,
    ]);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A profiled worker writes its profile only when it exits by itself, so it is asked to.
    if (execArgv.length) {
      const exited = workers.map((w) => new Promise((done) => w.once('exit', done).postMessage({ exit: true })));
      await Promise.race([Promise.all(exited), new Promise((done) => setTimeout(done, 5000).unref())]);
    }
    await Promise.all(workers.map((w) => w.terminate()));
    // This thread's lane stops before its next batch: nothing renders into the cache once this returns.
    await lane?.catch(() => undefined);
  }
  return { parsedMarkdown: [...parsed.values()].reduce((a, b) => a + b, ownParsed) };
}

/** What rendering in this thread needs, as a worker makes it for itself (render-worker.ts). */
async function renderInThisThread(setup: RenderSetup) {
  return { templates: await importTemplates(setup.templatesFile), markdown: new MarkdownCache(setup.cacheDir, setup.constants, setup.embedHosts) };
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
