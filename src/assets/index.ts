export { compileTemplates, importTemplates, type CompiledTemplates } from './compile-templates.ts';
export { bundleCss, type CssAsset } from './bundle-css.ts';
