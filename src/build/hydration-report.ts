import { existsSync, readFileSync } from 'node:fs';
import type { PlannedPage } from '../plan/index.ts';
import { pageCachePaths } from '../render/index.ts';
import type { IslandsPageData } from '../shared/page-data.ts';

export interface HydrationReport {
  /** Path → the islands on it, for pages with page-data.islands.json. */
  islands: Record<string, string[]>;
  /** Paths of pages whose template opts out (`export const hydration = 'full'`): page-data.json only. */
  full: string[];
}

/** Which pages hydrate only their islands and which in full, read from the rendered pages in the cache. */
export function hydrationOf(pages: Array<{ page: PlannedPage; key: string }>, cacheDir: string): HydrationReport {
  const report: HydrationReport = { islands: {}, full: [] };
  for (const { page, key } of pages) {
    const file = pageCachePaths(cacheDir, key).islandsData;
    if (!existsSync(file)) report.full.push(page.path);
    else report.islands[page.path] = (JSON.parse(readFileSync(file, 'utf8')) as IslandsPageData).islands.map((i) => i.name);
  }
  return report;
}

type Sizes = { entryGzip: number; templates: Record<string, number>; islands?: Record<string, number>; formsGzip?: number };

/** Report lines: first-load JavaScript of island pages, what a form's first use adds, and the full-hydration pages. */
export function formatHydration(hydration: HydrationReport, js: Sizes, kb: (bytes: number) => string): string[] {
  const paths = Object.keys(hydration.islands);
  const islands = js.islands ?? {};
  // The heaviest island a page has, plus the forms module: what the first submit on that page brings.
  const afterForm = (path: string) => js.entryGzip + Math.max(0, ...hydration.islands[path]!.map((n) => islands[n] ?? 0)) + (js.formsGzip ?? 0);
  const worst = paths.reduce<string | undefined>((w, p) => (w === undefined || afterForm(p) > afterForm(w) ? p : w), undefined);
  const lines = [
    `  JavaScript (gzip): ${kb(js.entryGzip)} on the first load of every island page (the runtime, no React)`,
    `  islands hydrate on use: ${Object.entries(islands).map(([n, b]) => `${n} +${kb(b)}`).join(', ') || 'none'}; forms +${kb(js.formsGzip ?? 0)} on the first submit${worst ? ` (most after a first submit: ${kb(afterForm(worst))} on ${worst})` : ''}`,
    `  hydration: ${paths.length} pages islands (page-data.islands.json), ${paths.filter((p) => hydration.islands[p]!.length === 0).length} of them with no island at all; ${hydration.full.length} full (page-data.json)${hydration.full.length ? `: ${hydration.full.slice(0, 10).join(', ')}${hydration.full.length > 10 ? ' …' : ''}` : ''}`,
  ];
  if (hydration.full.length) {
    const templates = Object.entries(js.templates).map(([n, b]) => `${n} ${kb(js.entryGzip + b)}`).join(', ');
    lines.push(`  full hydration, first load by template: ${templates}`);
  }
  return lines;
}
