export { compileTemplates, importTemplates, type CompiledTemplates } from './compile-templates.ts';
export { bundleCss, type CssAsset } from './bundle-css.ts';
export { bundleClient, type ClientBundle } from './bundle-client.ts';
export { compressAssets, compressedCacheDir, compressedCacheFiles, type CompressedAssets } from './compress-asset.ts';
