export { markdownToHast, type MarkdownOptions, type MarkdownResult, type MarkdownWarning } from './markdown-to-hast.ts';
export { MARKDOWN_COMPONENTS } from './remark-components.ts';
