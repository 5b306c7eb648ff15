import type { Plugin } from 'esbuild';

/** See subtokenize-jumps-in-a-map.mjs. */
export declare const subtokenizeJumpsInAMap: Plugin;
