import type { Code, Root } from 'mdast';

export interface FenceMeta {
  /** The language name alone, `jsx` of ```` ```jsx{1,3} ````; undefined for a fence without one. */
  language: string | undefined;
  /** 1-based line numbers to mark, in order, each once. */
  lines: number[];
  title?: string;
  showLineNumbers: boolean;
}

/**
 * A fence's info string as Gatsby, Docusaurus and MDX blogs write it, with or without a space
 * after the language: `jsx{1,3}`, `js {1-4,7} title="App.jsx" showLineNumbers`, and as Hugo
 * writes it: `go {linenos=table,hl_lines=[2,"4-5"]}`.
 * Words it does not know are ignored, as those tools ignore them.
 */
export function parseFenceMeta(lang: string | null | undefined, meta: string | null | undefined): FenceMeta {
  const info = [lang ?? '', meta ?? ''].join(' ').trim();
  const language = /^[^\s{]+/.exec(info)?.[0];
  let rest = language ? info.slice(language.length) : info;
  const result: FenceMeta = { language, lines: [], showLineNumbers: false };
  const title = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(rest);
  if (title) {
    result.title = (title[1] ?? title[2] ?? title[3])!;
    rest = rest.replace(title[0], ' ');
  }
  const marked = new Set<number>();
  const mark = (range: string) => {
    const match = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(range);
    if (!match) return;
    const from = Number(match[1]);
    const to = match[2] ? Number(match[2]) : from;
    for (let line = from; line <= Math.min(to, from + 10_000); line++) if (line > 0) marked.add(line);
  };
  for (const [, ranges] of rest.matchAll(/\{([\d\s,-]*)\}/g)) ranges!.split(',').forEach(mark);
  // Hugo's attributes: `{linenos=true,hl_lines=[2,"4-5"]}`, or `hl_lines="2 4-5"`.
  const hugoLines = /\bhl_lines\s*=\s*(?:\[([^\]]*)\]|"([^"]*)"|([\d-]+))/.exec(rest);
  if (hugoLines)
    (hugoLines[1] ?? hugoLines[2] ?? hugoLines[3])!
      .replace(/["']/g, ' ')
      .split(/[\s,]+/)
      .forEach(mark);
  result.lines = [...marked].sort((a, b) => a - b);
  result.showLineNumbers = /(?:^|\s)showLineNumbers(?:\s|$)/.test(rest) || /\blinenos\s*=\s*"?(?:true|table|inline)\b/.test(rest);
  return result;
}

/** Cleans every fence's language and hands its meta to rehype-code-blocks.ts as properties of `code`. */
export function remarkFenceMeta() {
  return (tree: Root) => {
    visitCode(tree, (node) => {
      if (!node.lang && !node.meta) return;
      const meta = parseFenceMeta(node.lang, node.meta);
      node.lang = meta.language ?? null;
      node.meta = null;
      if (!meta.lines.length && !meta.title && !meta.showLineNumbers) return;
      const hProperties: Record<string, string | boolean> = {};
      if (meta.lines.length) hProperties.dataMarkedLines = meta.lines.join(',');
      if (meta.title) hProperties.dataTitle = meta.title;
      if (meta.showLineNumbers) hProperties.dataLineNumbers = true;
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, ...hProperties } };
    });
  };
}

function visitCode(node: { type: string; children?: unknown[] }, visit: (code: Code) => void): void {
  if (node.type === 'code') return visit(node as Code);
  for (const child of (node.children ?? []) as Array<{ type: string; children?: unknown[] }>) visitCode(child, visit);
}
