export { processImages, variantWidths, IMAGE_CACHE_FOLDERS, type ImageSettings, type ProcessedImages } from './process-images.ts';
export { renderOgImages, drawCard, forgetSocialCards, socialCardCacheDir, ogImagePath, readSocialCardDesign, type OgJob } from './og-images.ts';
export { wrapTitle, OG_WIDTH, OG_HEIGHT, type SocialCardDesign } from './social-card-design.ts';
