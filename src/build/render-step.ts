import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { missingTemplateImageError, type SourceLocation } from '../errors/index.ts';
import { locateIslandError } from './island-location.ts';
import type { PlannedPage, SitePlan } from '../plan/index.ts';
import { pageCacheKey, pageCachePaths, readRenderFindings, renderJobs, setupCacheKey, writeRenderFindings, type RenderJob, type RenderSetup } from '../render/index.ts';

export interface RenderStepResult {
  all: Array<{ page: PlannedPage; key: string }>;
  rendered: number;
  parsedMarkdown: number;
  setupKey: string;
}

/** Keys every planned page, renders those not in the page cache, and turns render findings into warnings. */
export async function renderPlannedPages(options: {
  plan: SitePlan;
  setup: RenderSetup;
  templatesHash: string;
  cacheDir: string;
  warnings: string[];
  /** Where a missing image's path is looked up, so the error points at the template line. */
  templatesDir: string;
  workers?: number;
}): Promise<RenderStepResult> {
  const { setup, cacheDir } = options;
  const setupKey = setupCacheKey(setup, options.templatesHash);
  // What templates asked for and did not find, per page key, so cached pages still report it.
  const findings = readRenderFindings(cacheDir);
  const jobs: RenderJob[] = [];
  const all = options.plan.pages.map((page) => {
    const key = pageCacheKey(page, setup, setupKey);
    if (!existsSync(pageCachePaths(cacheDir, key).pageData)) jobs.push({ page, key });
    return { page, key };
  });
  const result = await renderJobs(jobs, {
    setup,
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
    onResults: (results) =>
      results.forEach((r) => {
        if (r.missingMessages.length || r.missingRoutes.length || r.missingImages.length) findings[r.key] = { messages: r.missingMessages, routes: r.missingRoutes, images: r.missingImages };
        else delete findings[r.key];
      }),
  }).catch((error: unknown) => {
    throw locateIslandError(error, options.templatesDir);
  });
  const missing = new Set<string>();
  const missingRoutes = new Set<string>();
  const missingImages = new Map<string, PlannedPage>();
  const used: typeof findings = {};
  for (const { page, key } of all) {
    const found = findings[key];
    if (!found) continue;
    used[key] = found;
    found.messages.forEach((k) => missing.add(k));
    found.routes.forEach((k) => missingRoutes.add(k));
    found.images?.forEach((src) => missingImages.has(src) || missingImages.set(src, page));
  }
  // Remembered before failing, so the next build (pages now cached) fails the same way.
  writeRenderFindings(cacheDir, used);
  const [image] = missingImages;
  if (image) throw missingTemplateImageError(locateInTemplates(options.templatesDir, image[0]) ?? image[1].source, image[0], image[1].path);
  for (const key of missing) options.warnings.push(`message "${key}" is missing in every locale; pages show the key itself`);
  for (const route of missingRoutes) {
    const [locale, id] = route.split(':');
    options.warnings.push(`${locale}: a template links to page "${id}", which does not exist (no site/pages/${id}.yaml with a ${locale} slug); the link points home`);
  }
  return { all, rendered: jobs.length, parsedMarkdown: result.parsedMarkdown, setupKey };
}

/** The first template line that names `text` in quotes: where a literal image path was written. */
function locateInTemplates(templatesDir: string, text: string): SourceLocation | undefined {
  const files = (readdirSync(templatesDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.tsx') || f.endsWith('.ts')).sort();
  for (const file of files) {
    const lines = readFileSync(join(templatesDir, file), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      const column = ['"', "'", '`'].map((q) => lines[i]!.indexOf(q + text + q)).find((c) => c >= 0);
      if (column !== undefined) return { file: join(templatesDir, file), line: i + 1, column: column + 2 };
    }
  }
  return undefined;
}
