import { keptHost, renamedHashedFiles } from '../graph/index.ts';
import { byPath, collectOutputFiles, hostFiles, movedInOrder, renamedHostFiles, type CollectedFiles } from '../output/index.ts';
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
  // order, which sorts these paths too, instead of sorting thousands of them again. Some hashed
  // files renamed (a title's card): the last host files and order, patched where they moved.
  const kept = keptHost(build.change, made);
  const renamed = kept ? undefined : renamedHashedFiles(build.change, made);
  const hostOnly =
    kept ??
    (renamed
      ? {
          made,
          ...renamedHostFiles(
            { headers: renamed.headers, hashed: renamed.last.hashed },
            renamed.renamed.map((i) => [renamed.last.made.paths[i]!, made.paths[i]!] as const),
          ),
        }
      : { made, ...hostFiles(files, config) });
  files.push(...hostOnly.files);
  const paths = made.paths.concat(hostOnly.files.map((f) => f.path));
  const lastOrder = last?.host.order;
  const order =
    kept?.order.length === files.length
      ? kept.order
      : renamed?.last.order.length === files.length
        ? movedInOrder(renamed.last.order, renamed.renamed, paths)
        : byPath(paths, lastOrder?.length === files.length ? lastOrder : undefined);
  return { ...collected, files: Array.from(order, (i) => files[i]!), host: { ...hostOnly, order } };
}
