import type { Plugin } from 'esbuild';

/** See yaml-without-esprima.mjs. */
export declare const yamlWithoutEsprima: Plugin;
