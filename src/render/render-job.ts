import type { PlannedPage } from '../plan/index.ts';
import type { TemplatesBundle } from '../shared/template-contract.ts';
import type { MarkdownCache } from './markdown-cache.ts';
import { storeRenderedPage } from './page-cache.ts';
import { readsKey, type SharedReads } from './record-reads.ts';
import { renderPage, type RenderSetup } from './render-page.ts';

export interface RenderJob {
  page: PlannedPage;
  /** The key of everything but the shared data (page data, markdown, code); the render adds what it read. */
  baseKey: string;
}

export interface RenderJobResult {
  baseKey: string;
  /** Where the page is stored: `baseKey` and the values of what the render read. */
  key: string;
  reads: SharedReads;
  missingMessages: string[];
  missingRoutes: string[];
  missingImages: string[];
  htmlBytes: number;
  pageDataBytes: number;
  /** Absent when the page hydrates whole and has no islands variant. */
  islandsDataBytes?: number;
}

/** Renders a batch and stores each page in the page cache; run in a worker or in-process. */
export function runRenderJobs(jobs: RenderJob[], setup: RenderSetup, templates: TemplatesBundle, markdown: MarkdownCache): RenderJobResult[] {
  return jobs.map(({ page, baseKey }) => {
    const rendered = renderPage(page, setup, templates, markdown);
    const key = readsKey(baseKey, setup.shared[page.locale]!, rendered.reads);
    storeRenderedPage(setup.cacheDir, key, rendered);
    return {
      baseKey,
      key,
      reads: rendered.reads,
      missingMessages: rendered.missingMessages,
      missingRoutes: rendered.missingRoutes,
      missingImages: rendered.missingImages,
      htmlBytes: Buffer.byteLength(rendered.html),
      pageDataBytes: Buffer.byteLength(rendered.pageData),
      ...(rendered.islandsData !== undefined ? { islandsDataBytes: Buffer.byteLength(rendered.islandsData) } : {}),
    };
  });
}
