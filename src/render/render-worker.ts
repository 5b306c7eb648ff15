// A render worker: imports the templates once, then renders batches sent by the pool.
import { parentPort, workerData } from 'node:worker_threads';
import { importTemplates } from '../assets/index.ts';
import { isSiteError } from '../errors/index.ts';
import { MarkdownCache } from './markdown-cache.ts';
import type { RenderSetup } from './render-page.ts';
import { runRenderJobs, type RenderJob } from './render-job.ts';

const setup = workerData as RenderSetup;
const templates = await importTemplates(setup.templatesFile);
const markdown = new MarkdownCache(setup.cacheDir, setup.constants, setup.embedHosts);

parentPort!.on('message', (message: { jobs: RenderJob[]; exit?: true }) => {
  // The pool asks a worker run under --cpu-prof to end by itself, which writes its profile.
  if (message.exit) process.exit(0);
  try {
    parentPort!.postMessage({ results: runRenderJobs(message.jobs, setup, templates, markdown), parsed: markdown.misses });
  } catch (error) {
    // SiteErrors cross the thread boundary as data and are rebuilt by the pool.
    parentPort!.postMessage({ error: isSiteError(error) ? { site: error.data } : { message: String((error as Error)?.stack ?? error) } });
  }
});
parentPort!.postMessage({ ready: true });
