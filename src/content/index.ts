export {
  loadContent,
  loadPagesAlone,
  readPost,
  findPostFiles,
  newestFirst,
  postByFile,
  type PostFile,
  type Content,
  type Page,
  type Post,
  type MarkdownSource,
  type LoadContentOptions,
} from './load-content.ts';
export { findLocaleGaps, type LocaleGap } from './locale-gaps.ts';
export { formatConstant, resolveReferences, resolveString } from './resolve-references.ts';
export { loadRememberedNumbers, saveRememberedNumbers } from './remembered-numbers.ts';
export { readMarkdownBody } from './markdown-source.ts';
export type { FileStamp } from './post-index.ts';
export { parseFrontMatter } from './front-matter.ts';
export { assertImagesExist, findMarkdownImages, type ImageRef } from './markdown-images.ts';
