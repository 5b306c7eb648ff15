// The order of out/'s files by path, as positions in the build's list: what the fingerprint of
// out/, _headers and the record follow.

const comparePaths = (paths: readonly string[]) => (a: number, b: number) => (paths[a]! < paths[b]! ? -1 : paths[a]! > paths[b]! ? 1 : 0);

/**
 * The positions of the files sorted by path: images finish in any order, and the fingerprint must
 * not depend on it. Started from the last build's order when the count is the same (a watch save
 * that replaced a file): nearly sorted already, which the engine's merge sort finishes in one pass.
 */
export function byPath(paths: readonly string[], start?: Int32Array): Int32Array {
  const order = start ? Array.from(start) : Array.from(paths.keys());
  order.sort(comparePaths(paths));
  return Int32Array.from(order);
}

/**
 * The last order with the files at `moved` (renamed) taken out and merged back where their new
 * paths sort: the others kept their paths, so they are still in order. Paths are unique in out/,
 * so this is the order a sort gives.
 */
export function movedInOrder(last: Int32Array, moved: readonly number[], paths: readonly string[]): Int32Array {
  const out = new Uint8Array(last.length);
  for (const i of moved) out[i] = 1;
  const back = [...moved].sort(comparePaths(paths));
  const order = new Int32Array(last.length);
  let [k, m] = [0, 0];
  for (const i of last) {
    if (out[i]) continue;
    while (m < back.length && paths[back[m]!]! < paths[i]!) order[k++] = back[m++]!;
    order[k++] = i;
  }
  while (m < back.length) order[k++] = back[m++]!;
  return order;
}
