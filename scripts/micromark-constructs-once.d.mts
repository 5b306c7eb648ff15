import type { Plugin } from 'esbuild';

/** See micromark-constructs-once.mjs. */
export declare const micromarkConstructsOnce: Plugin;
