import type { PlannedPage } from '../plan/index.ts';
import type { TemplatesBundle } from '../shared/template-contract.ts';
import type { MarkdownCache } from './markdown-cache.ts';
import { storeRenderedPage } from './page-cache.ts';
import { renderPage, type RenderSetup } from './render-page.ts';

export interface RenderJob {
  page: PlannedPage;
  key: string;
}

export interface RenderJobResult {
  key: string;
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
  return jobs.map(({ page, key }) => {
    const rendered = renderPage(page, setup, templates, markdown);
    storeRenderedPage(setup.cacheDir, key, rendered);
    return {
      key,
      missingMessages: rendered.missingMessages,
      missingRoutes: rendered.missingRoutes,
      missingImages: rendered.missingImages,
      htmlBytes: Buffer.byteLength(rendered.html),
      pageDataBytes: Buffer.byteLength(rendered.pageData),
      ...(rendered.islandsData !== undefined ? { islandsDataBytes: Buffer.byteLength(rendered.islandsData) } : {}),
    };
  });
}
