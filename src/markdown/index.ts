export { markdownToHast, type MarkdownResult } from './markdown-to-hast.ts';
export { MARKDOWN_COMPONENTS } from './remark-components.ts';
