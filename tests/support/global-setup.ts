import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for this run's shared work (the real site built once for the browser tests). */
    runDir: string;
  }
}

/** One folder per test run, removed when the run ends. */
export default async function setup(project: TestProject) {
  const runDir = await mkdtemp(join(tmpdir(), 'agency-site-run-'));
  project.provide('runDir', runDir);
  return () => rm(runDir, { recursive: true, force: true, maxRetries: 5 });
}
