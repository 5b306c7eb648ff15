import { keptHost, renamedHashedFiles } from '../graph/index.ts';
import { byPath, collectOutputFiles, hostFiles, movedInOrder, renamedHostFiles, type CollectedFiles, type OutputFile } from '../output/index.ts';
import type { PreparedRender } from '../render/index.ts';
import type { BuildContext } from './build-context.ts';
import type { HostFiles, SocialCardFile } from './build-state.ts';
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
): Promise<CollectedFiles & { host: HostFiles; paths: string[] }> {
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
  const files = [...collected.files, ...images.files.map((f) => ({ hashed: true, ...f })), ...uniqueCards(cards.byPage)];
  const made = madeOf(files, last?.host.made);
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
  // With each file's path, which the write step then need not read from 13,000 objects again.
  const sorted = new Array<OutputFile>(order.length);
  const sortedPaths = new Array<string>(order.length);
  for (let i = 0; i < order.length; i++) {
    sorted[i] = files[order[i]!]!;
    sortedPaths[i] = paths[order[i]!]!;
  }
  return { ...collected, files: sorted, paths: sortedPaths, host: { ...hostOnly, order } };
}

/**
 * Each file's path and whether it is hashed. A watch save hands on nearly every file object as the
 * last build made it, at the same position: those are taken from the last build's lists, without
 * reading 13,000 objects scattered in memory again.
 */
function madeOf(files: readonly OutputFile[], last: HostFiles['made'] | undefined): HostFiles['made'] {
  const paths = new Array<string>(files.length);
  const hashed = new Array<boolean>(files.length);
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    if (last !== undefined && f === last.files[i]) {
      paths[i] = last.paths[i]!;
      hashed[i] = last.hashed[i]!;
    } else {
      paths[i] = f.path;
      hashed[i] = f.hashed === true;
    }
  }
  return { paths, hashed, files };
}

/** Each card once: pages with the same title and label share one. */
function uniqueCards(byPage: ReadonlyMap<string, SocialCardFile>): SocialCardFile[] {
  const seen = new Set<string>();
  const unique: SocialCardFile[] = [];
  for (const card of byPage.values())
    if (!seen.has(card.path)) {
      seen.add(card.path);
      unique.push(card);
    }
  return unique;
}
