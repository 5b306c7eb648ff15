/**
 * What markdown becomes: bumped with any change to the trees markdownToHast makes. It names the
 * markdown cache's folder, and pages are keyed by it (their key has the markdown's text, not its
 * tree). Its own module, so the page keys do not load the parser.
 */
export const MARKDOWN_VERSION = 'markdown-v5';
