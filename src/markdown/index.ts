export { markdownToHast, type MarkdownOptions, type MarkdownResult, type MarkdownWarning, type SourceLine } from './markdown-to-hast.ts';
export { MARKDOWN_COMPONENTS } from './remark-components.ts';
