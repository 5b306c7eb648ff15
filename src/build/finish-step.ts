import {
  descriptionIsTitleWarning,
  draftSkippedWarning,
  formatLocation,
  localeValueMissingWarning,
  messageFallbackWarning,
  publishedUrlLostWarning,
  redirectNeverTakenWarning,
  urlLockSkippedWarning,
  type BuildWarning,
} from '../errors/index.ts';
import { saveYamlMemory } from '../config/index.ts';
import { graphOf, postsOf, writeGraph, type DependencyGraph } from '../graph/index.ts';
import { isFileEntry, writeUrlLock } from '../redirects/index.ts';
import { saveRememberedNumbers, type Post } from '../content/index.ts';
import type { BuildContext } from './build-context.ts';
import type { CollectedFiles } from '../output/index.ts';
import type { BuildResult, BuildState, HostFiles } from './build-state.ts';
import { hydrationOf } from './hydration-report.ts';
import type { Planned } from './plan-step.ts';
import type { Inputs } from './read-inputs.ts';
import type { Rendered } from './render-beside-cards.ts';
import type { BuildReport } from './report.ts';
import { restampFile, saveStamps } from './source-stamps.ts';
import type { Written } from './write-step.ts';

interface Steps {
  inputs: Inputs;
  planned: Planned;
  rendered: Rendered;
  collected: CollectedFiles & { host: HostFiles };
  written: Written;
}

/**
 * Once out/ is in place: the URL lock, the report with every step's warnings, the dependency graph
 * and the state the next watch rebuild starts from. A plain build saves its caches now; a watch
 * rebuild returns `persist`, called after the browser was told.
 */
export function finishBuild(build: BuildContext, steps: Steps): BuildResult {
  const { inputs, planned, rendered, written } = steps;
  const { dirs, cacheDir, stamps, change } = build;
  const { redirects } = planned;
  // Written once out/ is in place: a failed build leaves the lock as it was.
  if (redirects.lockText !== undefined) {
    const lockFile = writeUrlLock(dirs.siteDir, redirects.lockText);
    // This build's own write is no edit: the next build and serve --watch must not see a change.
    if (stamps) restampFile(stamps, dirs.siteDir, lockFile);
  }
  const graph = graphOf({
    dirs,
    pages: rendered.render.all,
    setupKey: rendered.render.setupKey,
    content: inputs.content,
    reads: (baseKey) => rendered.render.reads.get(baseKey),
    templates: inputs.templates,
    // This process's last graph (watch), else the saved one (`build`): a node is kept while its page's keys are.
    ...(change.last || change.graph ? { last: change.last?.graph ?? change.graph } : {}),
  });
  const report = reportOf(build, steps);
  // The saved graph also holds each post's fingerprint and the redirect map, for the next `build`
  // (a watch session compares the posts it holds, and keeps its map). The lock is written by now.
  const { lockText: _written, ...map } = redirects;
  const saveGraph = () =>
    writeGraph(cacheDir, { ...graph, posts: postsOf(inputs.content, dirs, change), redirects: { context: planned.redirectsContext, map } });
  // What ICU and js-yaml made, when this build made something new (rare after the first).
  const saveMemories = () => (saveRememberedNumbers(cacheDir), saveYamlMemory(cacheDir));
  const saves = [saveGraph, rendered.render.save, written.save, saveMemories].filter((save) => save !== undefined);
  const persist = () => saves.forEach((save) => save());
  if (!change.last) persist();
  if (stamps) saveStamps(cacheDir, stamps, report);
  const classification = planned.reach.classification;
  return {
    report: classification
      ? { ...report, reached: classification.pages === 'all' ? 'all' : classification.pages.length, reload: classification.reload }
      : report,
    ...(change.last ? { persist } : {}),
    state: stateOf(steps, graph),
  };
}

function reportOf(build: BuildContext, { inputs, planned, rendered, written }: Steps): BuildReport {
  const { plan, redirects } = planned;
  const { render, cards } = rendered;
  const { images, css, client } = inputs;
  const pagesByLocale: Record<string, number> = {};
  for (const p of plan.pages) pagesByLocale[p.locale] = (pagesByLocale[p.locale] ?? 0) + 1;
  return {
    pagesByLocale,
    pages: plan.pages.length,
    rendered: render.rendered,
    fromCache: plan.pages.length - render.rendered,
    parsedMarkdown: render.parsedMarkdown,
    filesWritten: written.filesWritten,
    bytesWritten: written.bytesWritten,
    upToDate: written.upToDate,
    stages: build.timings,
    warnings: [...build.warnings, ...inputs.warnings, ...render.warnings, ...contentWarnings(inputs, planned)],
    stylesheets: [css.href],
    javascript: client.sizes,
    hydration: hydrationOf(render.all, render.index),
    images: {
      processed: images.processed,
      fromCache: images.fromCache,
      sourceBytes: images.sourceBytes,
      outputBytes: images.outputBytes,
      socialCards: cards.rendered,
    },
    redirects: {
      total: redirects.redirects.length,
      automatic: redirects.moved.map((m) => ({ from: m.path, to: m.to })),
      lock: redirects.lockSkipped ? 'off' : redirects.lockText !== undefined ? 'written' : 'unchanged',
    },
    durationMs: performance.now() - build.started,
    outDir: build.options.outDir,
  };
}

/** What the site's sources do that a visitor would notice, though the build goes on. */
function contentWarnings({ content, messages }: Inputs, { redirects }: Planned): BuildWarning[] {
  const warnings: BuildWarning[] = [];
  for (const f of messages.fallbacks) warnings.push(messageFallbackWarning(`${f.locale}: message "${f.key}" is missing; using the ${f.usedLocale} text`));
  for (const g of content.localeGaps)
    warnings.push(
      localeValueMissingWarning(`${formatLocation(g.location)}: ${g.field} has no ${g.locale} value; ${g.locale} pages show the ${g.usedLocale} text`),
    );
  for (const d of content.drafts) warnings.push(draftSkippedWarning(`draft skipped: ${d.file}`));
  for (const list of Object.values(content.posts))
    for (const p of list)
      if (describesByTitle(p))
        warnings.push(
          descriptionIsTitleWarning(
            `${p.file}: description is the title, as \`new post\` wrote it; say what the post is about (search results and link previews show it)`,
          ),
        );
  for (const s of redirects.shadowed)
    warnings.push(redirectNeverTakenWarning(`redirect from ${s.from} (${s.location.file}) is never taken: a page lives there`));
  if (redirects.lockSkipped) warnings.push(urlLockSkippedWarning(redirects.lockSkipped));
  for (const l of redirects.lost)
    warnings.push(
      publishedUrlLostWarning(
        `${l.path} (site/urls.lock, last made by ${l.file}) ${isFileEntry(l) ? 'is no longer in the site folder' : 'has no page'}: \`build\` will refuse it until ${isFileEntry(l) ? '' : 'an alias or '}site/redirects.yaml says where it went`,
      ),
    );
  return warnings;
}

/**
 * A post whose description is its title, as `new post` writes it. Remembered per post: a watch
 * session keeps its posts between saves, and trimming 4,000 posts' texts cost ~6 ms a save.
 */
function describesByTitle(post: Post): boolean {
  let same = titleDescribed.get(post);
  if (same === undefined) titleDescribed.set(post, (same = post.description.trim() === post.title.trim()));
  return same;
}
const titleDescribed = new WeakMap<Post, boolean>();

function stateOf({ inputs, planned, rendered, collected, written }: Steps, graph: DependencyGraph): BuildState {
  const { render, cards } = rendered;
  const { warnings, ...read } = inputs;
  return {
    ...read,
    plan: planned.plan,
    setupKey: render.setupKey,
    pages: render.all,
    cards: cards.byPage,
    graph,
    ...(written.record ? { output: written.record } : {}),
    ...(written.serviceWorker ? { serviceWorker: written.serviceWorker } : {}),
    pageFiles: collected.pageFiles,
    pageIndex: render.index,
    siteFiles: collected.siteFiles,
    redirects: planned.redirects,
    host: collected.host,
  };
}
