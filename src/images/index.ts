export { processImages, variantWidths, type ImageSettings, type ProcessedImages } from './process-images.ts';
export { renderOgImages, drawCard, ogImagePath, readSocialCardDesign, type OgJob } from './og-images.ts';
export { wrapTitle, OG_WIDTH, OG_HEIGHT, type SocialCardDesign } from './social-card-design.ts';
