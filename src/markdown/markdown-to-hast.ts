import type { Root as HastRoot } from 'hast';
import rehypeHighlight from 'rehype-highlight';
import rehypeSlug from 'rehype-slug';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { isSiteError, type SiteError } from '../errors/index.ts';
import { remarkComponents } from './remark-components.ts';
import { pointAtSiteFiles } from './site-files.ts';

// One processor for the whole build: creating a unified pipeline per file costs more than parsing a short post.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkDirective)
  .use(remarkComponents)
  .use(remarkRehype)
  .use(rehypeSlug)
  // Highlighted at build time so no highlighting JavaScript ships; only fenced blocks with a language.
  .use(rehypeHighlight, { detect: false, plainText: ['text', 'txt', 'plain'] })
  // Frozen now rather than on the first parse: plugins (the highlighter's language registry
  // included) are attached once per thread, and nothing can add a plugin per file later.
  .freeze();

export interface MarkdownResult {
  hast: HastRoot;
  /** Headings, for a table of contents and for checks. */
  headings: Array<{ depth: number; id: string; text: string }>;
}

/** markdown → hast without source positions (they would bloat page-data); `dir` is the file's folder in the site folder. */
export function markdownToHast(source: string, file: string, bodyLine = 1, dir = '/'): MarkdownResult {
  let hast: HastRoot;
  try {
    const mdast = processor.parse({ value: source, path: file });
    hast = processor.runSync(mdast, { value: source, path: file }) as HastRoot;
  } catch (error) {
    // Lines inside the body → lines of the file, which starts with front matter.
    const line = (error as SiteError).data?.location?.line;
    if (isSiteError(error) && line !== undefined) error.data.location = { ...error.data.location!, line: line + bodyLine - 1 };
    throw error;
  }
  pointAtSiteFiles(hast, dir);
  const headings: MarkdownResult['headings'] = [];
  stripPositions(hast, headings);
  return { hast, headings };
}

type AnyNode = { type: string; position?: unknown; children?: AnyNode[]; tagName?: string; properties?: Record<string, unknown>; value?: string };

function textOf(node: AnyNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function stripPositions(node: AnyNode, headings: MarkdownResult['headings']): void {
  delete node.position;
  if (node.type === 'element' && /^h[1-6]$/.test(node.tagName ?? '')) {
    headings.push({ depth: Number(node.tagName![1]), id: String(node.properties?.id ?? ''), text: textOf(node) });
  }
  for (const child of node.children ?? []) stripPositions(child, headings);
}
