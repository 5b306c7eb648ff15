import type { Plugin } from 'esbuild';

/** See visit-without-names.mjs. */
export declare const visitWithoutNames: Plugin;
