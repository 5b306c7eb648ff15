import type { Plugin } from 'esbuild';

/** See from-markdown-reuse.mjs. */
export declare const fromMarkdownReuse: Plugin;
