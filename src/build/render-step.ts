import { existsSync } from 'node:fs';
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
  for (const key of missing) options.warnings.push(`message "${key}" is missing in every locale; pages show the key itself`);
  for (const route of missingRoutes) {
    const [locale, id] = route.split(':');
    options.warnings.push(`${locale}: a template links to page "${id}", which does not exist (no site/pages/${id}.yaml with a ${locale} slug); the link points home`);
  }
  return { all, rendered: jobs.length, parsedMarkdown: result.parsedMarkdown, setupKey };
}
