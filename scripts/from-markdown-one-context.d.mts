import type { Plugin } from 'esbuild';

/** See from-markdown-one-context.mjs. */
export declare const fromMarkdownOneContext: Plugin;
