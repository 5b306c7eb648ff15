export { processImages, variantWidths, type ImageSettings, type ProcessedImages } from './process-images.ts';
export { renderOgImages, drawCard, ogBaseSvg, ogTitleSvg, ogImagePath, wrapTitle, OG_WIDTH, OG_HEIGHT, type OgJob } from './og-images.ts';
