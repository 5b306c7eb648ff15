import type { PlannedPage } from '../plan/index.ts';
import type { PageIndex } from '../render/index.ts';

export interface HydrationReport {
  /** Paths of pages with page-data.islands.json: only their islands hydrate. */
  islands: string[];
  /** Paths of pages whose template opts out (`export const hydration = 'full'`): page-data.json only. */
  full: string[];
}

/** Which pages hydrate only their islands and which in full, without touching the disk. */
/** From the page index's recorded sizes: a page with an islands variant has a third size. */
export function hydrationOf(pages: Array<{ page: PlannedPage; key: string }>, index: PageIndex): HydrationReport {
  const report: HydrationReport = { islands: [], full: [] };
  for (const { page, key } of pages) (index.pages.get(key)?.sizes[2] !== undefined ? report.islands : report.full).push(page.path);
  return report;
}

type Sizes = { entryGzip: number; templates: Record<string, number>; islands?: Record<string, number>; formsGzip?: number };

/** Report lines: first-load JavaScript of island pages, what an island and a first submit add, the full-hydration pages. */
export function formatHydration(hydration: HydrationReport, js: Sizes, kb: (bytes: number) => string): string[] {
  const islands = js.islands ?? {};
  // The heaviest island plus the forms module: the most a page's first submit can bring.
  const worst = js.entryGzip + Math.max(0, ...Object.values(islands)) + (js.formsGzip ?? 0);
  const lines = [
    `  JavaScript (gzip): ${kb(js.entryGzip)} on the first load of every island page (the runtime, no React)`,
    `  islands hydrate on use: ${
      Object.entries(islands)
        .map(([n, b]) => `${n} +${kb(b)}`)
        .join(', ') || 'none'
    }; forms +${kb(js.formsGzip ?? 0)} on the first submit (at most ${kb(worst)} in all)`,
    `  hydration: ${hydration.islands.length} pages islands (page-data.islands.json), ${hydration.full.length} full (page-data.json)${hydration.full.length ? `: ${hydration.full.slice(0, 10).join(', ')}${hydration.full.length > 10 ? ' …' : ''}` : ''}`,
  ];
  if (hydration.full.length) {
    const templates = Object.entries(js.templates)
      .map(([n, b]) => `${n} ${kb(js.entryGzip + b)}`)
      .join(', ');
    lines.push(`  full hydration, first load by template: ${templates}`);
  }
  return lines;
}
