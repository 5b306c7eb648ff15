import type { Element, ElementContent, Root } from 'hast';
import { createElement, useState, type ReactNode } from 'react';
import { markdownComponents } from '../markdown-components.tsx';
import { useSite, useT } from '../lib/site-context.tsx';
import { Picture } from './Picture.tsx';

// Tables reject whitespace text children in React (and in the DOM the parser drops them).
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);
const components = markdownComponents as Record<string, (props: Record<string, unknown>) => ReactNode>;

/** hast property names → React props: data-* and aria-* spelled as attributes, token lists joined. */
function props(element: Element, key: number): Record<string, unknown> {
  const out: Record<string, unknown> = { key };
  for (const [name, value] of Object.entries(element.properties ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    let prop = name;
    if (/^data[A-Z]/.test(name))
      prop = `data-${name
        .slice(4)
        .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
        .slice(1)}`;
    else if (/^aria[A-Z]/.test(name)) prop = `aria-${name.slice(4).toLowerCase()}`;
    else if (name === 'checked') prop = 'defaultChecked';
    out[prop] = Array.isArray(value) ? value.join(' ') : value === true && prop.startsWith('data-') ? '' : value;
  }
  return out;
}

// Names a reader hears for a fenced block's language (highlight.js's class suffix).
const LANGUAGE_NAMES: Record<string, string> = {
  js: 'JavaScript',
  javascript: 'JavaScript',
  jsx: 'JSX',
  json5: 'JSON5',
  python: 'Python',
  py: 'Python',
  go: 'Go',
  rust: 'Rust',
  java: 'Java',
  kotlin: 'Kotlin',
  swift: 'Swift',
  ruby: 'Ruby',
  php: 'PHP',
  markdown: 'Markdown',
  md: 'Markdown',
  scss: 'SCSS',
  xml: 'XML',
  ts: 'TypeScript',
  typescript: 'TypeScript',
  tsx: 'TSX',
  sh: 'shell',
  bash: 'shell',
  shell: 'shell',
  json: 'JSON',
  yaml: 'YAML',
  yml: 'YAML',
  html: 'HTML',
  css: 'CSS',
  sql: 'SQL',
  dockerfile: 'Dockerfile',
  http: 'HTTP',
  graphql: 'GraphQL',
  diff: 'diff',
  ini: 'INI',
  toml: 'TOML',
};

// Below the title, description and meta, a phone's first screen shows about this much of a body.
const FIRST_SCREEN_WORDS = 60;
const FIRST_SCREEN_BLOCKS = 4;

interface RenderState {
  images: number;
  /** Words of text rendered so far, and the top-level block being rendered: where the reader is. */
  words: number;
  block: number;
  /** The accessible name of a code block, in the page's language. */
  codeLabel: (language: string | undefined) => string;
  /** Said before a marked line of a fence (`{1,3}`), so it is not told by colour alone. */
  markedLine: string;
  /** The published URL of a site image, by its key (`/blog/a-post/poster.png`). */
  imageUrl: (key: string) => string;
}

function languageOf(pre: Element): string | undefined {
  const code = pre.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  const classes = code?.properties?.className;
  const match = (Array.isArray(classes) ? classes : []).map(String).find((c) => c.startsWith('language-'));
  return match ? match.slice('language-'.length) : undefined;
}

function render(node: ElementContent, key: number, parent: string | undefined, state: RenderState): ReactNode {
  if (node.type === 'text') {
    if (parent && TABLE_PARTS.has(parent) && !node.value.trim()) return null;
    state.words += node.value.split(/\s+/).filter(Boolean).length;
    return node.value;
  }
  if (node.type !== 'element') return null;
  if (node.tagName === 'img') {
    const src = String(node.properties?.src ?? '');
    const decorative = node.properties?.title === 'decorative';
    // The first image, when it is in the first screen, is the article's largest early paint: fetched
    // first, not lazily. Further down it would take bandwidth from what the reader sees.
    const priority = state.images++ === 0 && state.block < FIRST_SCREEN_BLOCKS && state.words < FIRST_SCREEN_WORDS;
    return createElement(Picture, { key, src, alt: decorative ? '' : String(node.properties?.alt ?? ''), priority });
  }
  if (node.tagName === 'video' && typeof node.properties?.poster === 'string') {
    // A poster is one still shown before playing: the image's largest published size.
    node = { ...node, properties: { ...node.properties, poster: state.imageUrl(node.properties.poster) } };
  }
  const children = node.children.map((child, i) => render(child, i, node.tagName, state)).filter((c) => c !== null);
  if (node.tagName === 'mark' && parent === 'code')
    children.unshift(createElement('span', { key: 'marked', className: 'visually-hidden' }, `${state.markedLine} `));
  const type = components[node.tagName] ?? node.tagName;
  const elementProps = props(node, key);
  // A code block wider than the column scrolls; keyboard users must be able to reach it to scroll it.
  // A labelled group, not a region: an article with twenty code blocks should not add twenty landmarks.
  if (node.tagName === 'pre') Object.assign(elementProps, { tabIndex: 0, role: 'group', 'aria-label': state.codeLabel(languageOf(node)) });
  return createElement(type, elementProps, ...(children.length ? children : []));
}

const textOf = (node: Root | ElementContent): string =>
  node.type === 'text' ? node.value : 'children' in node ? node.children.map((c) => textOf(c as ElementContent)).join('') : '';
const sameText = (a: string, b: string) => a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The body's first block when it only repeats the page's title (a post written elsewhere with its
 * title as `# Title`, now an h2 under the page's h1): a reader would see the title twice.
 */
function repeatedTitle(tree: Root, title: string | undefined): Root['children'][number] | undefined {
  const first = tree.children.find((c) => c.type === 'element');
  return title && first?.type === 'element' && first.tagName === 'h2' && sameText(textOf(first), title) ? first : undefined;
}

function renderAll(tree: Root, codeLabel: RenderState['codeLabel'], markedLine: string, imageUrl: RenderState['imageUrl'], title?: string): ReactNode[] {
  const state: RenderState = { images: 0, words: 0, block: 0, codeLabel, markedLine, imageUrl };
  const skipped = repeatedTitle(tree, title);
  return tree.children.map((child, i) => {
    if (child === skipped) return null;
    // Whitespace between blocks is no block.
    if (child.type === 'element') state.block++;
    return render(child as ElementContent, i, undefined, state);
  });
}

/**
 * Renders markdown's hast with React, mapping the custom elements of directives (cta-box,
 * note-box) to components. It does for our trees what rehype-react (hast-util-to-jsx-runtime)
 * does, in a fraction of its size, because it runs in the browser too: the tree arrives as
 * page-data and must render the same on the server and in the browser.
 *
 * An article body is static, so on the page's first load the browser keeps the server's markup
 * as it is instead of hydrating thousands of nodes (most of a long post's blocking time); after a
 * client navigation, when no such markup exists yet, it renders the tree. `id` must be unique
 * per page, so a navigation never picks up the previous page's body. A first heading that only
 * repeats `title`, the page's h1, is left out.
 */
export function Markdown({ tree, id, className, title }: { tree: Root; id: string; className?: string; title?: string }) {
  const t = useT();
  const { shared } = useSite();
  const [serverHtml] = useState(() => (typeof document === 'undefined' ? undefined : document.getElementById(id)?.innerHTML));
  if (serverHtml !== undefined) return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: serverHtml }} />;
  const codeLabel = (language: string | undefined) =>
    language ? t('blog.code-block-in', { language: LANGUAGE_NAMES[language] ?? language }) : t('blog.code-block');
  return (
    <div id={id} className={className}>
      {renderAll(tree, codeLabel, t('blog.code-marked-line'), (key) => shared.images[key]?.sources.fallback.at(-1)?.url ?? key, title)}
    </div>
  );
}
