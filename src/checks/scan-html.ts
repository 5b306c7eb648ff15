import type { Tag } from './types.ts';

// The pages are React's own output (double-quoted attributes, escaped text), so a small scanner
// that knows comments and raw-text elements reads them exactly, without a DOM per page.

const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Every start tag of a document, in order, with decoded attribute values. */
export function scanTags(html: string): Tag[] {
  const tags: Tag[] = [];
  let i = html.indexOf('<');
  while (i !== -1) {
    if (html.startsWith('<!--', i)) {
      const close = html.indexOf('-->', i + 4);
      i = close === -1 ? -1 : html.indexOf('<', close + 3);
      continue;
    }
    const name = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(i, i + 40))?.[1]?.toLowerCase();
    if (!name) {
      i = html.indexOf('<', i + 1);
      continue;
    }
    const end = tagEnd(html, i + name.length + 1);
    const attrs: Record<string, string> = {};
    for (const m of html.slice(i + name.length + 1, end - 1).matchAll(ATTR)) {
      const key = m[1]!.toLowerCase();
      if (!(key in attrs)) attrs[key] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
    }
    tags.push({ name, attrs, start: i, end });
    let next = end;
    if (RAW_TEXT.has(name)) {
      const close = closingTag(html, name, end);
      next = close === -1 ? html.length : close;
    }
    i = html.indexOf('<', next);
  }
  return tags;
}

/** The offset after the `>` that closes a tag, skipping `>` inside quoted values. */
function tagEnd(html: string, from: number): number {
  let quote: string | undefined;
  for (let i = from; i < html.length; i++) {
    const c = html[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i + 1;
  }
  return html.length;
}

/** Offset of `</name` at or after `from` (any case), or -1. */
function closingTag(html: string, name: string, from: number): number {
  const pattern = new RegExp(`</${name}[\\s>]`, 'gi');
  pattern.lastIndex = from;
  return pattern.exec(html)?.index ?? -1;
}

/** The text inside an element (tags removed, entities decoded, spaces collapsed). */
export function textOf(html: string, tag: Tag): string {
  const close = closingTag(html, tag.name, tag.end);
  const inner = html.slice(tag.end, close === -1 ? tag.end : close);
  return decodeEntities(inner.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The raw source between an element's start tag and its end tag (inline scripts and styles). */
export function innerHtml(html: string, tag: Tag): string {
  const close = closingTag(html, tag.name, tag.end);
  return html.slice(tag.end, close === -1 ? tag.end : close);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** 1-based line of an offset, by binary search over the line starts (computed once per file). */
export function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}
