import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { bundleClient, bundleCss, compileTemplates, compressAssets, type ClientBundle, type CompiledTemplates, type CssAsset } from '../assets/index.ts';
import { loadSiteConfig, type SiteConfig } from '../config/index.ts';
import { loadContent, type Content } from '../content/index.ts';
import { formatLocation } from '../errors/index.ts';
import { loadMessages, type Messages } from '../i18n/index.ts';
import {
  collectOutputFiles,
  DamagedCacheFile,
  hostFiles,
  LiveOutput,
  StagedOutput,
  type MemoryOutput,
  type OutputFile,
  type OutputRecord,
  type SiteFiles,
} from '../output/index.ts';
import type { SitePlan } from '../plan/index.ts';
import { assetSlots, renderPlannedPages, setupCacheKey, type PageIndex, type RenderedEntry, type RenderSetup } from '../render/index.ts';
import {
  absolutePath,
  classifyChange,
  projectPath,
  readGraph,
  writeGraph,
  type Classification,
  type DependencyGraph,
  type FileChange,
  type ProjectDirs,
  type EntryStep,
} from '../graph/index.ts';
import { graphOf, refineChanges } from './change-details.ts';
import { planStep } from './plan-step.ts';
import { contentHash } from '../node/hash.ts';
import type { RuntimeConfig } from '../shared/runtime-config.ts';
import { processImages, readSocialCardDesign, renderOgImages, type ProcessedImages, type SocialCardDesign } from '../images/index.ts';
import type { StampChange } from './source-stamps.ts';
import { writeOutputFiles } from './write-step.ts';
import type { BuildReport } from './report.ts';
import { createTasks } from './task.ts';
import { saveStamps, takeStamps } from './source-stamps.ts';
import { checkCacheMarker } from './cache-marker.ts';
import { hydrationOf } from './hydration-report.ts';
import { mapRedirects, writeUrlLock, type LockMode } from '../redirects/index.ts';
import { restampFile } from './source-stamps.ts';

export interface BuildOptions {
  siteDir: string;
  outDir: string;
  /** Default: `templates/` beside the site folder. */
  templatesDir?: string;
  /** Default: `locales/` beside the site folder. */
  localesDir?: string;
  /** Default: `.cache/` beside the site folder. */
  cacheDir?: string;
  baseUrl?: string;
  /** Render worker threads; default one per core for large sites. */
  workers?: number;
  /** Told how many images are done while site/images is processed (a progress bar). */
  onImageProgress?: (done: number, total: number) => void;
  onStage?: (name: string) => void;
  /**
   * `serve --watch` only: update out/ file by file where the last build's record allows it, instead
   * of staging the whole folder (seconds of re-linking on a large site for a one-word change).
   */
  inPlace?: boolean;
  /** Keep the files in memory instead of publishing them to out/ (tests): out/ is neither read nor written. */
  output?: MemoryOutput;
  /**
   * `serve --watch`: told as soon as a changed stylesheet is in out/, before the pages that name
   * it are rendered again, so an open tab can swap it at once.
   */
  onStylesheet?: (href: string) => void;
  /** `build`: the inputs whose stamps differ from the last build's; the saved graph says which pages they reach. */
  changedFiles?: StampChange[];
  /**
   * site/urls.lock: `write` (build), `read` (default in memory and in watch rebuilds: applied,
   * never rewritten), `off` (`--no-lock`).
   */
  lock?: LockMode;
}

/** What the browser runtime needs before its first fetch, published in a meta tag (CSP allows no inline script). */
function runtimeConfig(config: SiteConfig, buildHash: string): RuntimeConfig {
  const { settings } = config;
  return {
    buildHash,
    locales: config.locales,
    defaultLocale: config.defaultLocale,
    consent: settings.consent,
    analytics: settings.analytics,
    prefetch: settings.prefetch,
  };
}

/**
 * What a build knew when it finished. `serve --watch` passes it to the next build with the files
 * that changed, and that build starts from the stages they affect (never editing this state).
 */
export interface BuildState {
  config: SiteConfig;
  content: Content;
  messages: Messages;
  templates: CompiledTemplates;
  client: ClientBundle;
  css: CssAsset;
  images: ProcessedImages;
  plan: SitePlan;
  setupKey: string;
  pages: RenderedEntry[];
  /** Social card file per page (out/ file → its card), for the pages a change did not reach. */
  cards: Map<string, { path: string; linkFrom: string; bytes: number }>;
  socialCard?: SocialCardDesign;
  graph: DependencyGraph;
  /** What out/ holds (keys and stamps) and each page's files, so the next rebuild stats only what it writes. */
  output?: OutputRecord;
  pageFiles: Map<string, OutputFile[]>;
  pageIndex: PageIndex;
  siteFiles: SiteFiles;
  host: { signature: string; files: OutputFile[] };
}

/** Where a rebuild starts: the last build's state (watch) or its saved graph (build), and what changed since. */
export interface ChangedSince {
  previous?: BuildState;
  /** Project-relative paths; `classifyChange` decides what they reach. */
  changes: FileChange[];
}

/**
 * The entries a change did not reach keep their keys (no hashing, no stat): only when the change
 * was classified to some pages, and the code and assets all pages share are the same as then.
 */
function reuseOf(reach: Classification | undefined, previous: BuildState | undefined, graph: DependencyGraph | undefined, setupKey: string) {
  if (!reach || reach.pages === 'all') return {};
  const only = new Set(reach.pages);
  if (previous) return previous.setupKey === setupKey ? { reuse: { entries: new Map(previous.pages.map((e) => [e.page.outFile, e])), only } } : {};
  if (!graph || graph.setupKey !== setupKey) return {};
  const entries = new Map(Object.entries(graph.pages).map(([outFile, node]) => [outFile, { baseKey: node.baseKey, key: node.key } as RenderedEntry]));
  return { reuse: { entries, only, verify: true } };
}

/** Watch, settings unchanged: the last build's posts, with only the saved files read again. */
function knownContent(previous: BuildState | undefined, since: ChangedSince | undefined, settings: boolean, dirs: ProjectDirs) {
  if (!previous || !since || settings) return {};
  const changed = new Set(since.changes.filter((c) => c.path.startsWith('site/')).map((c) => absolutePath(c.path, dirs)));
  return { known: { content: previous.content, changed } };
}

/** The site's three folders, absolute; templates/ and locales/ default to the site folder's siblings. */
export function projectDirsOf(options: Pick<BuildOptions, 'siteDir' | 'templatesDir' | 'localesDir'>): ProjectDirs {
  const siteDir = resolve(options.siteDir);
  return {
    siteDir,
    templatesDir: resolve(options.templatesDir ?? join(dirname(siteDir), 'templates')),
    localesDir: resolve(options.localesDir ?? join(dirname(siteDir), 'locales')),
  };
}

/** The build, stage after stage; the only place that knows their order. */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  return (await runBuild(options)).report;
}

type BuildResult = { report: BuildReport; state: BuildState; persist?: () => void };

/**
 * One build. A page cache file changed behind the cache's back (its size kept, its asset names
 * not where they were stored) is found only when its names are refilled: it is removed, so the
 * page counts as damaged and renders again, and the build runs once more in full.
 */
export async function runBuild(options: BuildOptions, since?: ChangedSince): Promise<BuildResult> {
  try {
    return await runBuildOnce(options, since);
  } catch (error) {
    if (!(error instanceof DamagedCacheFile)) throw error;
    rmSync(error.file, { force: true });
    return runBuildOnce(options);
  }
}

async function runBuildOnce(options: BuildOptions, since?: ChangedSince): Promise<BuildResult> {
  const started = performance.now();
  const dirs = projectDirsOf(options);
  const { siteDir, templatesDir, localesDir } = dirs;
  const cacheDir = resolve(options.cacheDir ?? join(dirname(siteDir), '.cache'));
  const { task, timings } = createTasks(options.onStage);
  const warnings: string[] = [];
  // Taken before anything is read: a file saved while this build runs differs from its stamp.
  // Not in serve --watch's rebuilds (inPlace): walking every input on each save would slow the
  // reload; the stamps saved by an earlier build then just no longer match, as they should not.
  const stamps =
    options.inPlace || options.output
      ? undefined
      : takeStamps({ siteDir, templatesDir, localesDir, outDir: options.outDir, cacheDir, baseUrl: options.baseUrl });

  since ??= options.changedFiles && { changes: options.changedFiles.map((c) => ({ path: projectPath(c.path, dirs), kind: c.kind })) };
  const previous = since?.previous;
  const saved = previous ? { graph: previous.graph } : since ? readGraph(cacheDir) : {};
  if (saved.problem) warnings.push(`cache: ${saved.problem}; every page is keyed again`);
  // The stages the changed files enter at (from their paths alone); the others are taken from the last build.
  const entry = since && previous ? classifyChange(since.changes, saved.graph) : undefined;
  const runs = (stage: EntryStep) => !entry || !previous || entry.stages.includes('settings') || entry.stages.includes(stage);

  const config = runs('settings')
    ? await task('reading settings', () => loadSiteConfig({ siteDir, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) }))
    : previous!.config;
  // The social card's design, a template file; an edit of it reaches every page's head (a setting).
  const socialCard = !config.settings.images.socialCards ? undefined : runs('settings') ? await readSocialCardDesign(templatesDir) : previous!.socialCard;
  // A cache from another version or site is never trusted: emptied, rebuilt, and said so once.
  const cacheProblem = checkCacheMarker(cacheDir, { name: config.settings.name, locales: config.locales });
  if (cacheProblem) warnings.push(cacheProblem);
  const [content, messages, { compiled: templates, client }, css, images] = await task('reading content', () =>
    Promise.all([
      runs('content') || runs('images')
        ? loadContent({ siteDir, config, cacheDir, ...knownContent(previous, since, runs('settings'), dirs) })
        : previous!.content,
      runs('messages') ? loadMessages({ localesDir, config }) : previous!.messages,
      runs('templates')
        ? compileTemplates({ templatesDir, cacheDir }).then(async (compiled) => ({
            compiled,
            client: await bundleClient({ templatesDir, names: compiled.names, cacheDir }),
          }))
        : { compiled: previous!.templates, client: previous!.client },
      runs('styles') ? bundleCss({ templatesDir, cacheDir }) : previous!.css,
      runs('images')
        ? processImages({
            siteDir,
            cacheDir,
            settings: {
              contentMaxWidth: config.settings.images.contentMaxWidth,
              wideMaxWidth: config.settings.images.wideMaxWidth,
              quality: config.settings.images.quality,
            },
            ...(options.onImageProgress ? { onProgress: options.onImageProgress } : {}),
          })
        : previous!.images,
    ]),
  );
  // With what changed inside the files known (post fields, message keys), the pages they reach.
  const details = since ? refineChanges(since.changes, previous, { content, messages, dirs }) : undefined;
  const reach: Classification | undefined = details ? classifyChange(details, saved.graph) : undefined;
  if (previous && options.inPlace && options.onStylesheet && css.href !== previous.css.href) {
    await new LiveOutput(options.outDir).put({ path: css.file, data: css.text });
    options.onStylesheet(css.href);
  }
  // The plan reads the templates' names only: editing one leaves it as it was.
  const templateNames = runs('templates') && templates.names.join() !== previous?.templates.names.join();
  const replan = templateNames || ['settings', 'content', 'messages', 'images'].some((s) => runs(s as EntryStep));
  const planOptions = { config, content, messages, templates: templates.names, images: images.manifest, ...(socialCard ? { socialCard } : {}) };
  const { plan, siteFiles: keptSiteFiles } = await planStep({
    planOptions,
    replan,
    dirs,
    task,
    ...(previous ? { previous } : {}),
    ...(details ? { details } : {}),
    ...(reach ? { reach } : {}),
  });

  // Aliases, site/redirects.yaml and the lock: one map every host applies (cheap, made every build).
  const redirects = await task('mapping redirects', async () =>
    mapRedirects({ siteDir, plan, content, lock: options.lock ?? (options.output || options.inPlace ? 'read' : 'write') }),
  );

  // Cards are drawn on sharp's threads while the workers render pages, so neither waits for the other.
  // Only the pages a change reached need their card looked up again.
  const keptCards = previous && reach && reach.pages !== 'all' ? previous.cards : undefined;
  const reached = reach && reach.pages !== 'all' ? new Set(reach.pages) : undefined;
  const cardPages = plan.pages.filter((p) => p.head.ogImage && !(keptCards?.has(p.outFile) && !reached?.has(p.outFile)));
  const cards = task('social cards (beside rendering)', async () => {
    const jobs = cardPages.map((p) => ({ title: p.head.title, label: p.ogLabel }));
    const drawn = jobs.length
      ? await renderOgImages({ jobs, design: socialCard!, siteName: config.settings.name, cacheDir })
      : { byJob: new Map(), rendered: 0 };
    const byPage = new Map<string, { path: string; linkFrom: string; bytes: number }>();
    for (const p of plan.pages) if (p.head.ogImage && keptCards?.has(p.outFile)) byPage.set(p.outFile, keptCards.get(p.outFile)!);
    cardPages.forEach((p, i) => byPage.set(p.outFile, drawn.byJob.get(jobs[i]!)!));
    return { byPage, rendered: drawn.rendered };
  });
  // Awaited below; a failure here must not go unhandled while rendering runs.
  cards.catch(() => undefined);

  // Hashed assets never change, so they are compressed once at the highest levels, beside rendering too.
  const compressed = compressAssets(cacheDir, [{ path: css.file, text: css.text }, ...client.files]);
  compressed.catch(() => undefined);

  const output = options.output ?? new StagedOutput(options.outDir);
  if (output instanceof StagedOutput) await output.removeStale();
  try {
    const sharedFiles = Object.fromEntries(
      Object.entries(plan.shared).map(([locale, data]) => {
        // Named by the query (its locale), not its result, as Gatsby names sq/d files: a message
        // edit then changes this one file, not every page-data.json that points at it.
        return [locale, { json: JSON.stringify(data), hash: contentHash('shared data', locale) }];
      }),
    );
    // Like webpack's compilation hash: it changes when the code an open tab runs (the runtime, its
    // shared chunks, styles) changes, not the content, nor one template's or island's own file:
    // those are loaded by the URL this build publishes, so a tab still running may load the new one.
    const buildHash = contentHash('agency-site-2', client.coreHash, css.text);
    // Pages are rendered with slots for these names, filled at output: a CSS edit renders no page.
    const slots = assetSlots({
      stylesheets: [css.href],
      scripts: [client.entry],
      buildHash,
      templateChunks: client.templateChunks,
      islandChunks: client.islandChunks,
    });
    const setup: RenderSetup = {
      templatesFile: templates.file,
      shared: plan.shared,
      slices: plan.slices,
      sharedHashes: Object.fromEntries(Object.entries(sharedFiles).map(([l, f]) => [l, f.hash])),
      ...slots.tokens,
      runtimeConfig: JSON.stringify(runtimeConfig(config, slots.tokens.buildHash)),
      slots: { values: slots.values, key: slots.key },
      siteName: config.settings.name,
      cacheDir,
      constants: config.constants,
      embedHosts: config.settings.embeds.hosts,
    };

    // Watch: the page index, the out/ record and the graph are saved after the browser was told.
    const deferred: Array<() => void> = [];
    const defer = (save: () => void) => deferred.push(save);
    const siteFiles: { last?: Partial<SiteFiles>; next?: SiteFiles } = keptSiteFiles ? { last: keptSiteFiles } : {};
    const pageFiles = { ...(previous ? { last: previous.pageFiles } : {}), next: new Map<string, OutputFile[]>() };
    const render = await task('rendering pages', () =>
      renderPlannedPages({
        plan,
        setup,
        templateKeys: templates.keys,
        templatesDir,
        cacheDir,
        warnings,
        ...(options.workers !== undefined ? { workers: options.workers } : {}),
        ...reuseOf(reach, previous, saved.graph, setupCacheKey(setup)),
        ...(previous ? { index: previous.pageIndex, defer } : {}),
      }),
    );
    const og = await cards;
    const files = await task('collecting files', async () =>
      collectOutputFiles({
        siteDir,
        config,
        plan,
        css,
        client,
        buildHash,
        slots,
        index: render.index,
        sharedFiles,
        pages: render.all,
        cacheDir,
        compressed: await compressed,
        pageFiles,
        siteFiles,
        redirects: redirects.redirects,
      }),
    );
    // Processed images and social cards are linked from the cache like rendered pages.
    // Both are named by a hash of their content, so they are cached forever.
    files.push(
      ...images.files.map((f) => ({ hashed: true, ...f })),
      ...[...new Map([...og.byPage.values()].map((f) => [f.path, f])).values()].map((f) => ({ ...f, hashed: true })),
    );
    // `_headers` and `_hashed-files.json` follow the list of paths: a watch rebuild that kept it keeps them.
    const signature = files.map((f) => (f.hashed ? `${f.path}\0h` : f.path)).join('\n');
    const host = previous?.host && previous.host.signature === signature && !runs('settings') ? previous.host : { signature, files: hostFiles(files, config) };
    files.push(...host.files);
    // Images finish in any order; the fingerprint must not depend on it.
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const written = await writeOutputFiles({
      files,
      output,
      outDir: options.outDir,
      cacheDir,
      inPlace: options.inPlace === true,
      ...(options.inPlace && previous?.output ? { last: previous.output, defer } : {}),
      task,
    });

    for (const f of messages.fallbacks) warnings.push(`${f.locale}: message "${f.key}" is missing; using the ${f.usedLocale} text`);
    for (const g of content.localeGaps)
      warnings.push(`${formatLocation(g.location)}: ${g.field} has no ${g.locale} value; ${g.locale} pages show the ${g.usedLocale} text`);
    for (const d of content.drafts) warnings.push(`draft skipped: ${d.file}`);
    for (const p of Object.values(content.posts).flat())
      if (p.description.trim() === p.title.trim())
        warnings.push(`${p.file}: description is the title, as \`new post\` wrote it; say what the post is about (search results and link previews show it)`);
    for (const s of redirects.shadowed) warnings.push(`redirect from ${s.from} (${s.location.file}) is never taken: a page lives there`);
    if (redirects.lockSkipped) warnings.push(redirects.lockSkipped);
    for (const l of redirects.lost)
      warnings.push(
        `${l.path} (site/urls.lock, last made by ${l.file}) has no page: \`build\` will refuse it until an alias or site/redirects.yaml says where it went`,
      );
    // Written once out/ is in place: a failed build leaves the lock as it was.
    if (redirects.lockText !== undefined) {
      const lockFile = writeUrlLock(siteDir, redirects.lockText);
      // This build's own write is no edit: the next build and serve --watch must not see a change.
      if (stamps) restampFile(stamps, siteDir, lockFile);
    }
    const pagesByLocale: Record<string, number> = {};
    for (const p of plan.pages) pagesByLocale[p.locale] = (pagesByLocale[p.locale] ?? 0) + 1;
    const report: BuildReport = {
      pagesByLocale,
      pages: plan.pages.length,
      rendered: render.rendered,
      fromCache: plan.pages.length - render.rendered,
      parsedMarkdown: render.parsedMarkdown,
      filesWritten: written.filesWritten,
      bytesWritten: written.bytesWritten,
      upToDate: written.upToDate,
      stages: timings,
      warnings,
      stylesheets: [css.href],
      javascript: client.sizes,
      hydration: hydrationOf(render.all, render.index.sizes),
      images: {
        processed: images.processed,
        fromCache: images.fromCache,
        sourceBytes: images.sourceBytes,
        outputBytes: images.outputBytes,
        socialCards: og.rendered,
      },
      redirects: {
        total: redirects.redirects.length,
        automatic: redirects.moved.map((m) => ({ from: m.path, to: m.to })),
        lock: redirects.lockSkipped ? 'off' : redirects.lockText !== undefined ? 'written' : 'unchanged',
      },
      durationMs: performance.now() - started,
      outDir: options.outDir,
    };
    const graph = graphOf({
      dirs,
      pages: render.all,
      setupKey: render.setupKey,
      content,
      reads: (baseKey) => render.reads[baseKey],
      templates,
      ...(previous ? { last: previous.graph } : {}),
    });
    // A watch session writes it after the browser was told (the next build waits for it); build writes it now.
    const saveGraph = () => {
      writeGraph(cacheDir, graph);
      deferred.forEach((save) => save());
    };
    if (!previous) saveGraph();
    if (stamps) saveStamps(cacheDir, stamps, report);
    return {
      report: reach ? { ...report, reached: reach.pages === 'all' ? 'all' : reach.pages.length, reload: reach.reload } : report,
      ...(previous ? { persist: saveGraph } : {}),
      state: {
        config,
        content,
        messages,
        templates,
        client,
        css,
        images,
        plan,
        setupKey: render.setupKey,
        pages: render.all,
        cards: og.byPage,
        ...(socialCard ? { socialCard } : {}),
        graph,
        ...(written.record ? { output: written.record } : {}),
        pageFiles: pageFiles.next,
        pageIndex: render.index,
        siteFiles: siteFiles.next!,
        host,
      },
    };
  } catch (error) {
    // The build's own error is the one reported; a failure to clean up must not replace it.
    await output.abort().catch(() => undefined);
    throw error;
  }
}
