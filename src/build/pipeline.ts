import { dirname, join, resolve } from 'node:path';
import { bundleClient, bundleCss, compileTemplates, compressAssets, type CompiledTemplates } from '../assets/index.ts';
import { loadSiteConfig, type SiteConfig } from '../config/index.ts';
import { loadContent, type Content } from '../content/index.ts';
import { loadMessages } from '../i18n/index.ts';
import { collectOutputFiles, hostFiles, StagedOutput, type MemoryOutput } from '../output/index.ts';
import { planSite, type PlannedPage, type SitePlan } from '../plan/index.ts';
import { renderPlannedPages, type RenderSetup } from '../render/index.ts';
import { contentHash } from '../node/hash.ts';
import type { RuntimeConfig } from '../shared/runtime-config.ts';
import { processImages, renderOgImages } from '../images/index.ts';
import { writeOutputFiles } from './write-step.ts';
import type { BuildReport } from './report.ts';
import { createTasks } from './task.ts';
import { saveStamps, takeStamps } from './source-stamps.ts';
import { checkCacheMarker } from './cache-marker.ts';
import { hydrationOf } from './hydration-report.ts';

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

/** What a build knew when it finished, kept by `serve --watch` to rebuild one post without replanning. */
export interface BuildState {
  options: BuildOptions;
  siteDir: string;
  cacheDir: string;
  config: SiteConfig;
  content: Content;
  plan: SitePlan;
  setup: RenderSetup;
  setupKey: string;
  templates: CompiledTemplates;
  pages: Array<{ page: PlannedPage; key: string }>;
}

/** The build, stage after stage; the only place that knows their order. */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  return (await runBuild(options)).report;
}

export async function runBuild(options: BuildOptions): Promise<{ report: BuildReport; state: BuildState }> {
  const started = performance.now();
  const siteDir = resolve(options.siteDir);
  const root = dirname(siteDir);
  const templatesDir = resolve(options.templatesDir ?? join(root, 'templates'));
  const localesDir = resolve(options.localesDir ?? join(root, 'locales'));
  const cacheDir = resolve(options.cacheDir ?? join(root, '.cache'));
  const { task, timings } = createTasks(options.onStage);
  const warnings: string[] = [];
  // Taken before anything is read: a file saved while this build runs differs from its stamp.
  // Not in serve --watch's rebuilds (inPlace): walking every input on each save would slow the
  // reload; the stamps saved by an earlier build then just no longer match, as they should not.
  const stamps =
    options.inPlace || options.output
      ? undefined
      : takeStamps({ siteDir, templatesDir, localesDir, outDir: options.outDir, cacheDir, baseUrl: options.baseUrl });

  const config = await task('reading settings', () => loadSiteConfig({ siteDir, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) }));
  // A cache from another version or site is never trusted: emptied, rebuilt, and said so once.
  const cacheProblem = checkCacheMarker(cacheDir, { name: config.settings.name, locales: config.locales });
  if (cacheProblem) warnings.push(cacheProblem);
  const [content, messages, { compiled: templates, client }, css, images] = await task('reading content', () =>
    Promise.all([
      loadContent({ siteDir, config, cacheDir }),
      loadMessages({ localesDir, config }),
      compileTemplates({ templatesDir, cacheDir }).then(async (compiled) => ({
        compiled,
        client: await bundleClient({ templatesDir, names: compiled.names, cacheDir }),
      })),
      bundleCss({ templatesDir, cacheDir }),
      processImages({
        siteDir,
        cacheDir,
        settings: {
          contentMaxWidth: config.settings.images.contentMaxWidth,
          wideMaxWidth: config.settings.images.wideMaxWidth,
          quality: config.settings.images.quality,
        },
        ...(options.onImageProgress ? { onProgress: options.onImageProgress } : {}),
      }),
    ]),
  );
  const plan = await task('planning', () => planSite({ config, content, messages, templates: templates.names, images: images.manifest }));
  // Cards are drawn on sharp's threads while the workers render pages, so neither waits for the other.
  const cards = task('social cards (beside rendering)', () =>
    renderOgImages({
      jobs: plan.pages.filter((p) => p.head.ogImage).map((p) => ({ title: p.head.title, label: p.ogLabel })),
      siteName: config.settings.name,
      cacheDir,
    }),
  );
  // Awaited below; a failure here must not go unhandled while rendering runs.
  cards.catch(() => undefined);

  // Hashed assets never change, so they are compressed once at the highest levels, beside rendering too.
  const compressed = compressAssets(cacheDir, [{ path: css.file, text: css.text }, ...client.files]);
  compressed.catch(() => undefined);

  const output = options.output ?? new StagedOutput(options.outDir);
  try {
    const sharedFiles = Object.fromEntries(
      Object.entries(plan.shared).map(([locale, data]) => {
        const json = JSON.stringify(data);
        return [locale, { json, hash: contentHash(json) }];
      }),
    );
    // Like webpack's compilation hash: it changes when the code (templates, styles) changes, not the content.
    const buildHash = contentHash('agency-site-1', templates.hash, client.hash, css.text);
    const setup: RenderSetup = {
      templatesFile: templates.file,
      shared: plan.shared,
      slices: plan.slices,
      sharedHashes: Object.fromEntries(Object.entries(sharedFiles).map(([l, f]) => [l, f.hash])),
      buildHash,
      stylesheets: [css.href],
      scripts: [client.entry],
      templateChunks: client.templateChunks,
      islandChunks: client.islandChunks,
      runtimeConfig: JSON.stringify(runtimeConfig(config, buildHash)),
      siteName: config.settings.name,
      cacheDir,
      constants: config.constants,
    };

    const render = await task('rendering pages', () =>
      renderPlannedPages({
        plan,
        setup,
        templatesHash: templates.hash,
        templatesDir,
        cacheDir,
        warnings,
        ...(options.workers !== undefined ? { workers: options.workers } : {}),
      }),
    );
    const og = await cards;
    const files = await task('collecting files', async () =>
      collectOutputFiles({ siteDir, config, plan, css, client, buildHash, sharedFiles, pages: render.all, cacheDir, compressed: await compressed }),
    );
    // Processed images and social cards are linked from the cache like rendered pages.
    // Both are named by a hash of their content, so they are cached forever.
    files.push(
      ...images.files.map((f) => ({ ...f, hashed: true })),
      ...[...new Map([...og.byJob.values()].map((f) => [f.path, f])).values()].map((f) => ({ ...f, hashed: true })),
    );
    files.push(...hostFiles(files, config));
    // Images finish in any order; the fingerprint must not depend on it.
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const written = await writeOutputFiles({ files, output, outDir: options.outDir, cacheDir, inPlace: options.inPlace === true, task });

    for (const f of messages.fallbacks) warnings.push(`${f.locale}: message "${f.key}" is missing; using the ${f.usedLocale} text`);
    for (const d of content.drafts) warnings.push(`draft skipped: ${d.file}`);
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
      stylesheets: setup.stylesheets,
      javascript: client.sizes,
      hydration: hydrationOf(render.all, cacheDir),
      images: {
        processed: images.processed,
        fromCache: images.fromCache,
        sourceBytes: images.sourceBytes,
        outputBytes: images.outputBytes,
        socialCards: og.rendered,
      },
      durationMs: performance.now() - started,
      outDir: options.outDir,
    };
    if (stamps) saveStamps(cacheDir, stamps, report);
    return { report, state: { options, siteDir, cacheDir, config, content, plan, setup, setupKey: render.setupKey, templates, pages: render.all } };
  } catch (error) {
    await output.abort();
    throw error;
  }
}
