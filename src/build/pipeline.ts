import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { bundleCss, compileTemplates } from '../assets/index.ts';
import { loadSiteConfig } from '../config/index.ts';
import { loadContent } from '../content/index.ts';
import { loadMessages } from '../i18n/index.ts';
import { atomFeed, headersFile, isOutputCurrent, recordOutput, redirectsFile, robotsTxt, sitemapXml, StagedOutput, type OutputFile } from '../output/index.ts';
import { securityHeaders } from '../shared/security-headers.ts';
import { securityOptions } from './security-options.ts';
import { planSite } from '../plan/index.ts';
import { pageCacheKey, pageCachePaths, readRenderFindings, renderJobs, setupCacheKey, writeRenderFindings, type RenderJob, type RenderSetup } from '../render/index.ts';
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
      loadContent({ siteDir, config, cacheDir }),
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
      constants: config.constants,
    };

    const render = await task('rendering pages', async () => {
      const setupKey = setupCacheKey(setup, templates.hash);
      // What templates asked for and did not find, per page key, so cached pages still report it.
      const findings = readRenderFindings(cacheDir);
      const jobs: RenderJob[] = [];
      const all = plan.pages.map((page) => {
        const key = pageCacheKey(page, setup, setupKey);
        if (!existsSync(pageCachePaths(cacheDir, key).pageData)) jobs.push({ page, key });
        return { page, key };
      });
      const result = await renderJobs(jobs, {
        setup,
        ...(options.workers !== undefined ? { workers: options.workers } : {}),
        onResults: (results) =>
          results.forEach((r) => {
            if (r.missingMessages.length || r.missingRoutes.length) findings[r.key] = { messages: r.missingMessages, routes: r.missingRoutes };
            else delete findings[r.key];
          }),
      });
      const missing = new Set<string>();
      const missingRoutes = new Set<string>();
      const used: typeof findings = {};
      for (const { key } of all) {
        const found = findings[key];
        if (!found) continue;
        used[key] = found;
        found.messages.forEach((k) => missing.add(k));
        found.routes.forEach((k) => missingRoutes.add(k));
      }
      writeRenderFindings(cacheDir, used);
      for (const key of missing) warnings.push(`message "${key}" is missing in every locale; pages show the key itself`);
      for (const route of missingRoutes) {
        const [locale, id] = route.split(':');
        warnings.push(`${locale}: a template links to page "${id}", which does not exist (no site/pages/${id}.yaml with a ${locale} slug); the link points home`);
      }
      return { all, rendered: jobs.length, parsedMarkdown: result.parsedMarkdown };
    });

    const files = await task('collecting files', async () => {
      const list: OutputFile[] = [];
      for (const { page, key } of render.all) {
        const paths = pageCachePaths(cacheDir, key);
        list.push({ path: page.outFile, linkFrom: paths.html, bytes: statSync(paths.html).size });
        list.push({ path: `page-data/${pageDataFolder(page.path)}/page-data.json`, linkFrom: paths.pageData, bytes: statSync(paths.pageData).size });
      }
      const appData: AppData = { webpackCompilationHash: buildHash };
      list.push({ path: 'page-data/app-data.json', data: JSON.stringify(appData) });
      for (const file of Object.values(sharedFiles)) list.push({ path: `page-data/sq/d/${file.hash}.json`, data: file.json });
      for (const [name, slice] of Object.entries(plan.slices)) list.push({ path: `slice-data/${name}.json`, data: JSON.stringify(slice) });
      list.push({ path: css.file, data: css.text });
      // Hashed assets never change, so they are compressed once here at the highest levels.
      list.push({ path: `${css.file}.br`, data: brotliCompressSync(css.text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) });
      list.push({ path: `${css.file}.gz`, data: gzipSync(css.text, { level: 9 }) });
      list.push({ path: '_headers', data: headersFile(securityHeaders(securityOptions(config))) });
      list.push({ path: '_redirects', data: redirectsFile(config.settings.thirdPartyAllowlist) });
      list.push({ path: 'sitemap.xml', data: sitemapXml(plan.pages) });
      list.push({ path: 'robots.txt', data: robotsTxt(config.settings.baseUrl) });
      for (const [locale, feed] of Object.entries(plan.feeds)) {
        list.push({ path: feed.path.slice(1), data: atomFeed(feed, { baseUrl: config.settings.baseUrl, locale, author: config.settings.name }) });
      }
      list.push(...(await staticFiles(siteDir)));
      return list;
    });
    // Linked files are named by their content key; written files are hashed here.
    const fingerprint = contentHash(...files.map((f) => `${f.path}\0${'linkFrom' in f ? f.linkFrom : contentHash(f.data)}`));
    const current = isOutputCurrent({ cacheDir, outDir: options.outDir, fingerprint });
    if (!current) {
      await task('writing files', async () => {
        await Promise.all(files.map((f) => ('linkFrom' in f ? output.linkFrom(f.path, f.linkFrom, f.bytes) : output.write(f.path, f.data))));
      });
      await task('publishing', async () => {
        await output.commit();
        recordOutput({ cacheDir, outDir: options.outDir, fingerprint, paths: files.map((f) => f.path) });
      });
    } else {
      await output.abort();
    }

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
      upToDate: current,
      stages: timings,
      warnings,
      stylesheets: setup.stylesheets,
      durationMs: performance.now() - started,
      outDir: options.outDir,
    };
  } catch (error) {
    await output.abort();
    throw error;
  }
}

/** Files under site/static/ are published as they are (favicon, SVG illustrations). */
async function staticFiles(siteDir: string): Promise<OutputFile[]> {
  const dir = join(siteDir, 'static');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files: OutputFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    files.push({ path: full.slice(dir.length + 1), data: await readFile(full) });
  }
  return files;
}
