import type { PlannedPage } from '../plan/index.ts';
import type { TemplatesBundle } from '../shared/template-contract.ts';
import type { MarkdownCache } from './markdown-cache.ts';
import { fillAssetSlots, type SlotPositions } from './asset-slots.ts';
import { storeRenderedPage, type StoredFiles } from './page-cache.ts';
import type { MarkdownFindings } from './render-findings.ts';
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
  /** Warnings from parsing the page's markdown, with its file. */
  markdown?: MarkdownFindings;
  htmlBytes: number;
  pageDataBytes: number;
  /** Absent when the page hydrates whole and has no islands variant. */
  islandsDataBytes?: number;
  /** Where the asset names are in each stored file (HTML, page-data, islands variant). */
  slots: SlotPositions[];
  /** The stored files, by content. */
  files: StoredFiles;
}

/** Renders a batch and stores each page in the page cache; run in a worker or in-process. */
export function runRenderJobs(jobs: RenderJob[], setup: RenderSetup, templates: TemplatesBundle, markdown: MarkdownCache): RenderJobResult[] {
  return jobs.map(({ page, baseKey }) => {
    const rendered = renderPage(page, setup, templates, markdown);
    const key = readsKey(baseKey, setup.shared[page.locale]!, rendered.reads);
    // Stored with this build's asset names, so out/ links the cached files; the positions let another build refill them.
    const [html, pageData, islandsData] = [rendered.html, rendered.pageData, rendered.islandsData].map((text) =>
      text === undefined ? undefined : fillAssetSlots(text, setup.slots.values),
    );
    const filled = { html: html!.text, pageData: pageData!.text, ...(islandsData ? { islandsData: islandsData.text } : {}) };
    const files = storeRenderedPage(setup.cacheDir, [filled.html, filled.pageData, filled.islandsData]);
    return {
      baseKey,
      key,
      reads: rendered.reads,
      missingMessages: rendered.missingMessages,
      missingRoutes: rendered.missingRoutes,
      missingImages: rendered.missingImages,
      ...(rendered.markdownWarnings ? { markdown: { file: page.markdown!.file, warnings: rendered.markdownWarnings } } : {}),
      htmlBytes: Buffer.byteLength(filled.html),
      pageDataBytes: Buffer.byteLength(filled.pageData),
      ...(filled.islandsData !== undefined ? { islandsDataBytes: Buffer.byteLength(filled.islandsData) } : {}),
      slots: [html!.at, pageData!.at, ...(islandsData ? [islandsData.at] : [])],
      files,
    };
  });
}
