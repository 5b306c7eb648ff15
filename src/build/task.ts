export interface StageTiming {
  name: string;
  ms: number;
}

/** Runs one pipeline stage and records how long it took. */
export function createTasks(onStart?: (name: string) => void) {
  const timings: StageTiming[] = [];
  async function task<T>(name: string, run: () => Promise<T> | T): Promise<T> {
    onStart?.(name);
    const start = performance.now();
    try {
      return await run();
    } finally {
      timings.push({ name, ms: performance.now() - start });
    }
  }
  return { task, timings };
}
