/**
 * Promise.all that rejects only once every promise has settled, with the first failure in the
 * given order: a failed build must not leave the work it started beside the failing step writing
 * into the cache after it returned, where a watch session's next build would race it.
 */
export async function settleAll<T extends readonly unknown[]>(promises: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}
