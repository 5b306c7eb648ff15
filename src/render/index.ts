export { renderPage, type RenderSetup, type RenderedPage } from './render-page.ts';
export { renderJobs, type RenderPoolOptions } from './render-pool.ts';
export { pageCacheKey, setupCacheKey, pageCachePaths, PAGE_CACHE_VERSION } from './page-cache.ts';
export { runRenderJobs, type RenderJob, type RenderJobResult } from './render-job.ts';
export { MarkdownCache } from './markdown-cache.ts';
export { readPageIndex, writePageIndex, type PageIndex, type PageSizes, type PageSlots, type RenderFindings } from './render-findings.ts';
export { renderPlannedPages, type RenderedEntry, type RenderReuse, type RenderStepResult } from './render-step.ts';
export { readsKey, recordSharedReads, type SharedReads } from './record-reads.ts';
export { assetSlots, fillAssetSlots, refillAssetSlots, type AssetNames, type AssetSlots, type SlotPositions } from './asset-slots.ts';
