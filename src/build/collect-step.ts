import { keptHeaders, keptHost } from '../graph/index.ts';
import { collectOutputFiles, hostFiles, type CollectedFiles } from '../output/index.ts';
import type { PreparedRender } from '../render/index.ts';
import type { BuildContext } from './build-context.ts';
import type { HostFiles } from './build-state.ts';
import type { Planned } from './plan-step.ts';
import type { Inputs } from './read-inputs.ts';
import type { Rendered } from './render-beside-cards.ts';

/** Every file out/ will hold, sorted by path: pages from the cache, site files, images, cards and the host's files. */
export async function collectFiles(
  build: BuildContext,
  inputs: Inputs,
  planned: Planned,
  prepared: PreparedRender,
  rendered: Rendered,
): Promise<CollectedFiles & { host: HostFiles }> {
  const { config, css, client, images } = inputs;
  const { render, cards, compressed } = rendered;
  const last = build.change.last;
  const collected = await build.task('collecting files', () =>
    collectOutputFiles({
      siteDir: build.dirs.siteDir,
      config,
      plan: planned.plan,
      css,
      client,
      buildHash: prepared.buildHash,
      slots: prepared.slots,
      index: render.index,
      sharedFiles: prepared.sharedFiles,
      pages: render.all,
      cacheDir: build.cacheDir,
      compressed,
      ...(last ? { lastPageFiles: last.pageFiles } : {}),
      ...(planned.keptSiteFiles ? { lastSiteFiles: planned.keptSiteFiles } : {}),
      redirects: planned.redirects.redirects,
    }),
  );
  // Processed images and social cards are linked from the cache like rendered pages.
  // Both are named by a hash of their content, so they are cached forever.
  const files = [
    ...collected.files,
    ...images.files.map((f) => ({ hashed: true, ...f })),
    ...[...new Map([...cards.byPage.values()].map((f) => [f.path, f])).values()].map((f) => ({ ...f, hashed: true })),
  ];
  const made = { paths: files.map((f) => f.path), hashed: files.map((f) => f.hashed === true) };
  // The same paths as the last build (a watch save that added no file): its host files, and its
  // order, which sorts these paths too, instead of sorting thousands of them again.
  const kept = keptHost(build.change, made);
  const hostOnly = kept ?? { made, files: hostFiles(files, config, keptHeaders(build.change, made)) };
  files.push(...hostOnly.files);
  const lastOrder = last?.host.order;
  const order = kept?.order.length === files.length ? kept.order : byPath(files, lastOrder?.length === files.length ? lastOrder : undefined);
  return { ...collected, files: Array.from(order, (i) => files[i]!), host: { ...hostOnly, order } };
}

/**
 * The positions of the files sorted by path: images finish in any order, and the fingerprint must
 * not depend on it. Started from the last build's order when the count is the same (a watch save
 * that renamed a card): nearly sorted already, which the engine's merge sort finishes in one pass.
 */
function byPath(files: Array<{ path: string }>, start?: Int32Array): Int32Array {
  // The paths read once: files come in several shapes, which makes each read in the comparison slow.
  const paths = files.map((f) => f.path);
  const order = start ? Array.from(start) : Array.from(paths.keys());
  order.sort((a, b) => (paths[a]! < paths[b]! ? -1 : paths[a]! > paths[b]! ? 1 : 0));
  return Int32Array.from(order);
}
