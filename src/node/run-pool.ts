/** Runs `work` over items with at most `size` in flight, in order of the items. */
export async function runPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  let firstError: unknown;
  const runners = Array.from({ length: Math.min(size, items.length) }, async () => {
    // After a failure no new item starts; the ones under way finish before the pool settles,
    // so a caller cleaning up after the error never races its own work.
    while (!failed && next < items.length) {
      try {
        await work(items[next++]!);
      } catch (error) {
        // The first failure in time is the one reported; later ones are often its consequences.
        if (!failed) firstError = error;
        failed = true;
      }
    }
  });
  await Promise.all(runners);
  if (failed) throw firstError;
}
