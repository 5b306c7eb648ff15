import type { Plugin } from 'esbuild';

/** See highlight-groups-counted.mjs. */
export declare const highlightGroupsCounted: Plugin;
export declare const COUNT_BY_READING: string;
