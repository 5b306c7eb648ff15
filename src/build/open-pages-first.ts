import { reuseOf } from '../graph/index.ts';
import { StagedOutput } from '../output/index.ts';
import { setupCacheKey, type PageIndex, type PreparedRender } from '../render/index.ts';
import { outFileOfPath } from '../shared/locale-path.ts';
import type { BuildContext } from './build-context.ts';
import { collectFiles } from './collect-step.ts';
import type { Planned } from './plan-step.ts';
import type { Inputs } from './read-inputs.ts';
import { renderBesideCards } from './render-beside-cards.ts';
import { writeOutputFiles } from './write-step.ts';

/**
 * A first pass costs one more collect and write over every file of the site (~100 ms at 2,000
 * posts per locale, ~10 ms for this site), and saves the time of rendering the other reached
 * pages (~0.7 ms each on two workers): worth it from this many reached pages, and from an eighth
 * of the site's pages.
 */
export const OPEN_PAGES_FIRST_FROM = 24;
const OPEN_PAGES_FIRST_SHARE = 1 / 8;

/**
 * serve --watch: a save that reaches many pages (the post template: every post) renders the pages
 * open in a browser tab first, puts them in out/ and tells those tabs, then the rest. The same
 * steps as the build, over the same plan, with the reach narrowed to the open pages: every other
 * page keeps what out/ holds. Nothing of this pass is kept but its files and its page index, from
 * which the whole build that follows takes the open pages instead of rendering them again.
 */
export async function renderOpenPagesFirst(
  build: BuildContext,
  inputs: Inputs,
  planned: Planned,
  prepared: PreparedRender,
): Promise<{ pageIndex?: PageIndex }> {
  const { options, change } = build;
  const reached = planned.reach.reached;
  const last = change.last;
  if (!last?.output || !options.inPlace || !options.openPages || !options.onOpenPagesReady || !reached) return {};
  if (reached.size < Math.max(OPEN_PAGES_FIRST_FROM, planned.plan.pages.length * OPEN_PAGES_FIRST_SHARE)) return {};
  const open = new Set(options.openPages().map(outFileOfPath));
  const first = planned.plan.pages.filter((p) => open.has(p.outFile) && reached.has(p.outFile)).map((p) => p.outFile);
  // A change to what every page shares (setupKey) renders every page whatever the reach: nothing would come first.
  if (!first.length || !reuseOf(change, planned.reach, setupCacheKey(prepared.setup)).reuse) return {};
  const narrowed: Planned = { ...planned, reach: { ...planned.reach, reached: new Set(first) } };
  // Timed as one stage: its steps are the build's own, which time themselves again after it.
  const untimed = { ...build, task: async <T>(_name: string, run: () => Promise<T> | T) => run() };
  const pageIndex = await build.task('open pages first', async () => {
    const rendered = await renderBesideCards(untimed, inputs, narrowed, prepared);
    const collected = await collectFiles(untimed, inputs, narrowed, prepared, rendered);
    await writeOutputFiles({
      files: collected.files,
      paths: collected.paths,
      output: new StagedOutput(options.outDir),
      outDir: options.outDir,
      cacheDir: build.cacheDir,
      inPlace: true,
      names: prepared.slots.values,
      last: last.output,
      deferSave: true,
      task: untimed.task,
    });
    return rendered.render.index;
  });
  options.onOpenPagesReady(first);
  // The tabs' reload goes out once this turn's ticks have run: without a yield, rendering the rest
  // on the main thread (a small site) held it until the build's end.
  await new Promise((resolve) => setImmediate(resolve));
  return { pageIndex };
}
