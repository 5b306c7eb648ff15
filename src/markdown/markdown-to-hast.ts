import type { Root as HastRoot } from 'hast';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import nginx from 'highlight.js/lib/languages/nginx';
import { common } from 'lowlight';
import rehypeHighlight from 'rehype-highlight';
import rehypeSlug from 'rehype-slug';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { isSiteError, type SiteError } from '../errors/index.ts';
import { remarkFenceMeta } from './fence-meta.ts';
import { parseMarkdown } from './parse-markdown.ts';
import { rehypeCodeBlocks } from './rehype-code-blocks.ts';
import type { MarkdownFileData } from './rehype-embeds.ts';
import { rehypeSafeHtml } from './rehype-safe-html.ts';
import { remarkComponents } from './remark-components.ts';
import { pointAtSiteFiles } from './site-files.ts';

// One processor for the whole build: creating a unified pipeline per file costs more than parsing a short post.
// It transforms; parse-markdown.ts parses (GFM and directives).
const processor = unified()
  .use(remarkComponents)
  .use(remarkFenceMeta)
  .use(remarkRehype, { allowDangerousHtml: true })
  // Raw HTML parsed, embeds replaced, then sanitized against sanitize-schema.ts, every removal reported.
  .use(rehypeSafeHtml)
  .use(rehypeSlug)
  // Highlighted at build time so no highlighting JavaScript ships; only fenced blocks with a language.
  // lowlight's common grammars, and the two a server-side blog also writes in (nginx, Dockerfile).
  .use(rehypeHighlight, { detect: false, plainText: ['text', 'txt', 'plain'], languages: { ...common, dockerfile, nginx } })
  .use(rehypeCodeBlocks)
  // Frozen now rather than on the first parse: plugins (the highlighter's language registry
  // included) are attached once per thread, and nothing can add a plugin per file later.
  .freeze();

export interface MarkdownResult {
  hast: HastRoot;
  /** Headings, for a table of contents and for checks. */
  headings: Array<{ depth: number; id: string; text: string }>;
  /** What the build must tell the editor: raw HTML removed, a fence's unknown language. Lines are the file's. */
  warnings?: MarkdownWarning[];
  /**
   * Where each link, image and heading was written, in document order: `[tag, key, line]`, the key
   * being what the built page shows of it (a link's href, an image's alt, a heading's id). `check`
   * matches its findings on built pages to these, to name the line the editor changes. Kept beside
   * the tree, never in it, so page-data carries no positions.
   */
  sourceLines?: SourceLine[];
}

export type SourceLine = [tag: string, key: string, line: number];

export interface MarkdownWarning {
  line: number;
  column?: number;
  message: string;
  /** Said once per build for all files (an unknown language); otherwise once per file and line. */
  once?: string;
}

export interface MarkdownOptions {
  /** Hosts whose iframes become click-to-load embeds (site.yaml `embeds.hosts`). */
  embedHosts?: readonly string[];
}

/** markdown → hast without source positions (they would bloat page-data); `dir` is the file's folder in the site folder. */
export function markdownToHast(source: string, file: string, bodyLine = 1, dir = '/', options: MarkdownOptions = {}): MarkdownResult {
  let hast: HastRoot;
  const vfile = new VFile({ value: source, path: file, data: { embedHosts: options.embedHosts ?? [] } satisfies MarkdownFileData });
  try {
    const mdast = parseMarkdown(vfile);
    hast = processor.runSync(mdast, vfile) as HastRoot;
  } catch (error) {
    // Lines inside the body → lines of the file, which starts with front matter.
    const line = (error as SiteError).data?.location?.line;
    if (isSiteError(error) && line !== undefined) error.data.location = { ...error.data.location!, line: line + bodyLine - 1 };
    throw error;
  }
  pointAtSiteFiles(hast, dir);
  const headings: MarkdownResult['headings'] = [];
  const sourceLines: SourceLine[] = [];
  const headingNodes: AnyNode[] = [];
  stripPositions(hast, { headings, headingNodes, lines: sourceLines }, bodyLine - 1);
  if (headings.some((h) => h.depth === 1)) moveHeadingsDown(headingNodes, headings, sourceLines);
  const warnings = [...vfile.messages]
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
    .map((m): MarkdownWarning => {
      const line = (m.line ?? 1) + bodyLine - 1;
      if (m.ruleId === 'missing-language') {
        const language = /`([^`]+)`/.exec(m.reason)?.[1] ?? '';
        return {
          line,
          message: `\`\`\`${language}: no highlighting for this language; its blocks are shown as plain text (said once per build)`,
          once: `language:${language}`,
        };
      }
      return { line, ...(m.column ? { column: m.column } : {}), message: m.reason };
    });
  return { hast, headings, ...(warnings.length ? { warnings } : {}), ...(sourceLines.length ? { sourceLines } : {}) };
}

type AnyNode = { type: string; position?: unknown; children?: AnyNode[]; tagName?: string; properties?: Record<string, unknown>; value?: string };

function textOf(node: AnyNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

type Position = { start?: { line?: number } };

interface Found {
  headings: MarkdownResult['headings'];
  headingNodes: AnyNode[];
  lines: SourceLine[];
}

function stripPositions(node: AnyNode, found: Found, lineOffset: number): void {
  const line = (node.position as Position | undefined)?.start?.line;
  delete node.position;
  if (node.type === 'element') {
    const tag = node.tagName ?? '';
    const heading = /^h[1-6]$/.test(tag);
    if (heading) {
      found.headings.push({ depth: Number(tag[1]), id: String(node.properties?.id ?? ''), text: textOf(node) });
      found.headingNodes.push(node);
    }
    const key = heading ? node.properties?.id : tag === 'a' ? node.properties?.href : tag === 'img' ? (node.properties?.alt ?? '') : undefined;
    if (key !== undefined && line !== undefined) found.lines.push([tag, String(key), line + lineOffset]);
  }
  for (const child of node.children ?? []) stripPositions(child, found, lineOffset);
}

/**
 * The page's title is its one h1: a body written with `#` headings (a README, a post exported from
 * another blog) has every heading moved one level down, so its outline stays as written under the
 * title. An h6 stays an h6.
 */
function moveHeadingsDown(nodes: AnyNode[], headings: MarkdownResult['headings'], lines: SourceLine[]): void {
  const down = (tag: string) => (tag === 'h6' ? tag : `h${Number(tag[1]) + 1}`);
  for (const node of nodes) node.tagName = down(node.tagName!);
  for (const heading of headings) heading.depth = Math.min(6, heading.depth + 1);
  for (const entry of lines) if (/^h[1-6]$/.test(entry[0])) entry[0] = down(entry[0]);
}
