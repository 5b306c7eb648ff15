import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { bundleCss, compileTemplates } from '../assets/index.ts';
import { loadSiteConfig } from '../config/index.ts';
import { loadContent } from '../content/index.ts';
import { loadMessages } from '../i18n/index.ts';
import { atomFeed, robotsTxt, sitemapXml, StagedOutput } from '../output/index.ts';
import { planSite } from '../plan/index.ts';
import { pageCacheKey, pageCachePaths, renderJobs, setupCacheKey, type RenderJob, type RenderSetup } from '../render/index.ts';
import { contentHash } from '../shared/hash.ts';
import { pageDataFolder, type AppData } from '../shared/page-data.ts';
import type { BuildReport } from './report.ts';
import { createTasks } from './task.ts';

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
  onStage?: (name: string) => void;
}

/** The build, stage after stage; the only place that knows their order. */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const started = performance.now();
  const siteDir = resolve(options.siteDir);
  const root = dirname(siteDir);
  const templatesDir = resolve(options.templatesDir ?? join(root, 'templates'));
  const localesDir = resolve(options.localesDir ?? join(root, 'locales'));
  const cacheDir = resolve(options.cacheDir ?? join(root, '.cache'));
  const { task, timings } = createTasks(options.onStage);
  const warnings: string[] = [];

  const config = await task('reading settings', () => loadSiteConfig({ siteDir, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) }));
  const [content, messages, templates, css] = await task('reading content', () =>
    Promise.all([
      loadContent({ siteDir, config }),
      loadMessages({ localesDir, config }),
      compileTemplates({ templatesDir, cacheDir }),
      bundleCss({ templatesDir }),
    ]),
  );
  const plan = await task('planning', () => planSite({ config, content, messages, templates: templates.names }));

  const output = new StagedOutput(options.outDir);
  try {
    const sharedFiles = Object.fromEntries(
      Object.entries(plan.shared).map(([locale, data]) => {
        const json = JSON.stringify(data);
        return [locale, { json, hash: contentHash(json) }];
      }),
    );
    // Like webpack's compilation hash: it changes when the code (templates, styles) changes, not the content.
    const buildHash = contentHash('agency-site-1', templates.hash, css.text);
    const setup: RenderSetup = {
      templatesFile: templates.file,
      shared: plan.shared,
      slices: plan.slices,
      sharedHashes: Object.fromEntries(Object.entries(sharedFiles).map(([l, f]) => [l, f.hash])),
      buildHash,
      stylesheets: [css.href],
      scripts: [],
      siteName: config.settings.name,
      cacheDir,
    };

    const render = await task('rendering pages', async () => {
      const setupKey = setupCacheKey(setup, templates.hash);
      const jobs: RenderJob[] = [];
      const all = plan.pages.map((page) => {
        const key = pageCacheKey(page, setup, setupKey);
        if (!existsSync(pageCachePaths(cacheDir, key).pageData)) jobs.push({ page, key });
        return { page, key };
      });
      const missing = new Set<string>();
      const result = await renderJobs(jobs, {
        setup,
        ...(options.workers !== undefined ? { workers: options.workers } : {}),
        onResults: (results) => results.forEach((r) => r.missingMessages.forEach((k) => missing.add(k))),
      });
      for (const key of missing) warnings.push(`message "${key}" is missing in every locale; pages show the key itself`);
      return { all, rendered: jobs.length, parsedMarkdown: result.parsedMarkdown };
    });

    await task('writing files', async () => {
      await Promise.all(
        render.all.map(async ({ page, key }) => {
          const paths = pageCachePaths(cacheDir, key);
          await output.linkFrom(page.outFile, paths.html, statSync(paths.html).size);
          await output.linkFrom(`page-data/${pageDataFolder(page.path)}/page-data.json`, paths.pageData, statSync(paths.pageData).size);
        }),
      );
      const appData: AppData = { webpackCompilationHash: buildHash };
      await output.write('page-data/app-data.json', JSON.stringify(appData));
      for (const file of Object.values(sharedFiles)) await output.write(`page-data/sq/d/${file.hash}.json`, file.json);
      for (const [name, slice] of Object.entries(plan.slices)) await output.write(`slice-data/${name}.json`, JSON.stringify(slice));
      await output.write(css.file, css.text);
      await output.write('sitemap.xml', sitemapXml(plan.pages));
      await output.write('robots.txt', robotsTxt(config.settings.baseUrl));
      for (const [locale, feed] of Object.entries(plan.feeds)) {
        await output.write(feed.path.slice(1), atomFeed(feed, { baseUrl: config.settings.baseUrl, locale, author: config.settings.name }));
      }
      await copyStaticFiles(siteDir, output);
    });
    await task('publishing', () => output.commit());

    for (const f of messages.fallbacks) warnings.push(`${f.locale}: message "${f.key}" is missing; using the ${f.usedLocale} text`);
    for (const d of content.drafts) warnings.push(`draft skipped: ${d.file}`);
    const pagesByLocale: Record<string, number> = {};
    for (const p of plan.pages) pagesByLocale[p.locale] = (pagesByLocale[p.locale] ?? 0) + 1;
    return {
      pagesByLocale,
      pages: plan.pages.length,
      rendered: render.rendered,
      fromCache: plan.pages.length - render.rendered,
      parsedMarkdown: render.parsedMarkdown,
      filesWritten: output.filesWritten,
      bytesWritten: output.bytesWritten,
      stages: timings,
      warnings,
      durationMs: performance.now() - started,
      outDir: options.outDir,
    };
  } catch (error) {
    await output.abort();
    throw error;
  }
}

/** Files under site/static/ are published as they are (favicon, SVG illustrations). */
async function copyStaticFiles(siteDir: string, output: StagedOutput): Promise<void> {
  const { readdir, readFile } = await import('node:fs/promises');
  const dir = join(siteDir, 'static');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    await output.write(full.slice(dir.length + 1), await readFile(full));
  }
}
