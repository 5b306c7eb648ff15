import type { Element, Root, RootContent } from 'hast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import type { VFile } from 'vfile';
import { embedFrame, embedHostsOf } from './rehype-embeds.ts';
import { SANITIZE_SCHEMA } from './sanitize-schema.ts';

/**
 * Raw HTML in markdown, parsed (hast-util-raw, what rehype-raw runs) and cleaned against the one
 * schema (sanitize-schema.ts). Everything the sanitizer is about to take away is first reported
 * on the file at its line, so nothing disappears unannounced. A body without raw HTML skips all
 * of it: markdown alone only produces allowed elements, and re-parsing every post would cost the
 * build time it does not need.
 */
export function rehypeSafeHtml() {
  return (tree: Root, file: VFile): Root => {
    if (!hasRaw(tree)) return tree;
    const parsed = raw(tree, file);
    const hosts = embedHostsOf(file);
    replaceEmbeds(parsed, hosts, file);
    reportRemoved(parsed, file);
    return sanitizeTree(parsed);
  };
}

// The plugins' transformers, called directly: only bodies with raw HTML pay for them.
type Transform = (tree: Root, file?: VFile) => Root;
const raw = (rehypeRaw as unknown as () => Transform)();
const sanitizeTree = (rehypeSanitize as unknown as (schema: typeof SANITIZE_SCHEMA) => Transform)(SANITIZE_SCHEMA);

function hasRaw(node: Root | RootContent): boolean {
  if (node.type === 'raw') return true;
  return 'children' in node && node.children.some(hasRaw);
}

/** Allowed iframes become `embed-frame` elements (rendered as click-to-load placeholders); the others stay iframes, which are stripped. */
function replaceEmbeds(node: Root | Element, hosts: readonly string[], file: VFile): void {
  node.children.forEach((child, index) => {
    if (child.type !== 'element') return;
    if (child.tagName === 'iframe') {
      const replacement = embedFrame(child, hosts);
      if (replacement) node.children[index] = replacement;
      else warn(file, child, iframeMessage(child, hosts));
      return;
    }
    replaceEmbeds(child, hosts, file);
  });
}

function iframeMessage(iframe: Element, hosts: readonly string[]): string {
  const src = String(iframe.properties.src ?? '');
  const listed = hosts.length ? `site.yaml's embeds.hosts lists ${hosts.join(', ')}` : `site.yaml lists no embeds.hosts`;
  return `<iframe src="${src}"> removed: its host is not an allowed embed (${listed})`;
}

const STRIPPED = new Set(SANITIZE_SCHEMA.strip ?? []);

/** Walks the parsed tree and names what the sanitizer will remove: elements, attributes, unsafe URLs. */
function reportRemoved(node: Root | Element, file: VFile): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    // An iframe was reported by replaceEmbeds, with the reason.
    if (child.tagName === 'iframe') continue;
    const kept = sanitizeAlone(child);
    if (!kept) {
      if (STRIPPED.has(child.tagName)) {
        warn(file, child, `<${child.tagName}> removed with its content: raw HTML may not contain it`);
        continue;
      }
      warn(file, child, `<${child.tagName}> removed, its text kept: not an element posts may use`);
    } else {
      for (const [name, value] of Object.entries(child.properties)) {
        if (value === undefined || value === null || value === false) continue;
        const after = kept.properties[name];
        const dropped = after === undefined || (Array.isArray(value) && Array.isArray(after) && after.length < value.length);
        if (dropped) warn(file, child, `${attributeName(name)}="${String(Array.isArray(value) ? value.join(' ') : value)}" removed from <${child.tagName}>`);
      }
      remoteMedia(child, file);
    }
    reportRemoved(child, file);
  }
}

/** The sanitizer's verdict on one element, without its children: undefined when it is removed. */
function sanitizeAlone(element: Element): Element | undefined {
  const result = sanitizeTree({ type: 'root', children: [{ ...element, children: [] }] });
  const first = result.children[0];
  return first?.type === 'element' ? first : undefined;
}

/** Video and audio play only from the site's own files: a remote source would bypass the image pipeline and the CSP. */
function remoteMedia(element: Element, file: VFile): void {
  if (!['video', 'audio', 'source', 'track'].includes(element.tagName)) return;
  for (const name of ['src', 'poster']) {
    const value = element.properties[name];
    if (typeof value === 'string' && /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(value)) {
      warn(file, element, `${name}="${value}" removed from <${element.tagName}>: video and audio must be files of the site`);
      delete element.properties[name];
    }
  }
}

/** hast's property name as it was written in HTML (onError → onerror, className → class). */
function attributeName(property: string): string {
  if (property === 'className') return 'class';
  if (property === 'htmlFor') return 'for';
  if (/^(data|aria)[A-Z]/.test(property)) return property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return property.toLowerCase();
}

function warn(file: VFile, element: Element, reason: string): void {
  const message = file.message(reason, { place: element.position, ruleId: 'raw-html', source: 'agency-site' });
  message.fatal = false;
}
