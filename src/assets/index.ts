export { compileTemplates, importTemplates, type CompiledTemplates } from './compile-templates.ts';
export { bundleCss, type CssAsset } from './bundle-css.ts';
export { bundleClient, type ClientBundle } from './bundle-client.ts';
export { compressAssets, type CompressedAssets } from './compress-asset.ts';
