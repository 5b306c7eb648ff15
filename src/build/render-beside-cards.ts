import { compressAssets, type CompressedAssets } from '../assets/index.ts';
import { keptCard, reuseOf } from '../graph/index.ts';
import { renderOgImages } from '../images/index.ts';
import { settleAll } from '../node/settle-all.ts';
import { renderPlannedPages, setupCacheKey, type PageIndex, type PreparedRender, type RenderStepResult } from '../render/index.ts';
import type { BuildContext } from './build-context.ts';
import type { SocialCardFile } from './build-state.ts';
import type { Planned } from './plan-step.ts';
import type { Inputs } from './read-inputs.ts';

export interface Rendered {
  render: RenderStepResult;
  /** Each page's social card (out/ file → card), and how many were drawn rather than found in the cache. */
  cards: { byPage: Map<string, SocialCardFile>; rendered: number };
  compressed: CompressedAssets;
}

/**
 * Pages on the render workers; beside them, social cards on sharp's threads and the compressed
 * copies of the CSS and scripts, so none waits for the others. Once the cards are drawn, this
 * thread renders pages too. Only the pages the change reached are keyed again, and only their
 * cards looked up again.
 */
export async function renderBesideCards(
  build: BuildContext,
  inputs: Inputs,
  planned: Planned,
  prepared: PreparedRender,
  /** Watch: the page index to start from when it is newer than the last build's (the open pages' first pass). */
  pageIndex?: PageIndex,
): Promise<Rendered> {
  const { task, cacheDir, change, options } = build;
  const { plan, reach } = planned;
  const cards = task('social cards (beside rendering)', () => socialCards(build, inputs, planned));
  // Hashed assets never change, so they are compressed once at the highest levels.
  const compressed = compressAssets(cacheDir, [{ path: inputs.css.file, text: inputs.css.text }, ...inputs.client.files]);
  const rendering = task('rendering pages', () =>
    renderPlannedPages({
      plan,
      setup: prepared.setup,
      templateKeys: inputs.templates.keys,
      templatesDir: build.dirs.templatesDir,
      cacheDir,
      ...(options.workers !== undefined ? { workers: options.workers } : {}),
      // This thread draws the cards, then renders pages beside the workers.
      joinAfter: cards,
      ...reuseOf(change, reach, setupCacheKey(prepared.setup), build.outputRecord()?.intact === true),
      ...(change.last ? { index: pageIndex ?? change.last.pageIndex, deferSave: true } : {}),
    }),
  );
  // A failure anywhere returns only once the other two stopped writing into the cache.
  const [render, drawn, compressedAssets] = await settleAll([rendering, cards, compressed]);
  return { render, cards: drawn, compressed: compressedAssets };
}

async function socialCards(build: BuildContext, inputs: Inputs, { plan, reach }: Planned): Promise<Rendered['cards']> {
  const byPage = new Map<string, SocialCardFile>();
  const toDraw = [];
  for (const page of plan.pages) {
    if (!page.head.ogImage) continue;
    const kept = keptCard(build.change, reach, page.outFile);
    if (kept) byPage.set(page.outFile, kept);
    else toDraw.push(page);
  }
  if (!toDraw.length) return { byPage, rendered: 0 };
  const jobs = toDraw.map((p) => ({ title: p.head.title, label: p.ogLabel }));
  // The keys of out/'s files still as written (the others' keys are '').
  const recorded = build.outputRecord();
  const drawn = await renderOgImages({
    jobs,
    design: inputs.socialCard!,
    siteName: inputs.config.settings.name,
    cacheDir: build.cacheDir,
    ...(recorded ? { linkedIntact: new Set(recorded.record.keys) } : {}),
  });
  toDraw.forEach((p, i) => byPage.set(p.outFile, drawn.byJob.get(jobs[i]!)!));
  return { byPage, rendered: drawn.rendered };
}
