import type { Element, ElementContent, Root } from 'hast';

/**
 * Fences with meta (fence-meta.ts), after highlighting: the code split into one element per line
 * so marked lines can be `<mark>` (announced, and drawn with a marker, not by colour alone) and
 * numbered; a title becomes the caption of a figure around the block. Fences without meta are
 * left exactly as the highlighter made them.
 */
export function rehypeCodeBlocks() {
  return (tree: Root) => {
    visitPre(tree, (pre, parent, index) => {
      const code = pre.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (!code) return;
      const { dataMarkedLines, dataTitle } = code.properties;
      // true from fence-meta.ts, or "" once a body with raw HTML went through the HTML parser.
      const dataLineNumbers = code.properties.dataLineNumbers !== undefined && code.properties.dataLineNumbers !== false;
      if (dataMarkedLines === undefined && dataTitle === undefined && !dataLineNumbers) return;
      delete code.properties.dataMarkedLines;
      delete code.properties.dataTitle;
      delete code.properties.dataLineNumbers;
      if (dataMarkedLines !== undefined || dataLineNumbers) {
        const marked = new Set(
          String(dataMarkedLines ?? '')
            .split(',')
            .map(Number),
        );
        const lines = splitLines(code.children);
        if (lines.length > 1 && !lines.at(-1)!.length) lines.pop();
        code.children = lines.map((children, i) => ({
          type: 'element',
          tagName: marked.has(i + 1) ? 'mark' : 'span',
          properties: { className: ['code-line'] },
          children: [...children, { type: 'text', value: '\n' }],
        }));
        if (dataLineNumbers) pre.properties.className = ['line-numbers'];
      }
      if (typeof dataTitle === 'string') {
        parent.children[index] = {
          type: 'element',
          tagName: 'figure',
          properties: { className: ['code-block'] },
          children: [
            { type: 'element', tagName: 'figcaption', properties: { className: ['code-title'] }, children: [{ type: 'text', value: dataTitle }] },
            pre,
          ],
        };
      }
    });
  };
}

/** The nodes of each line; an element spanning lines (a multi-line comment) is cut into one copy per line. */
export function splitLines(nodes: readonly ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  for (const node of nodes) {
    if (node.type === 'text') {
      node.value.split('\n').forEach((part, i) => {
        if (i > 0) lines.push([]);
        if (part) lines.at(-1)!.push({ type: 'text', value: part });
      });
    } else if (node.type === 'element') {
      splitLines(node.children).forEach((children, i) => {
        if (i > 0) lines.push([]);
        if (children.length) lines.at(-1)!.push({ ...node, children });
      });
    }
  }
  return lines;
}

function visitPre(node: Root | Element, visit: (pre: Element, parent: Root | Element, index: number) => void): void {
  node.children.forEach((child, index) => {
    if (child.type !== 'element') return;
    if (child.tagName === 'pre') visit(child, node, index);
    else visitPre(child, visit);
  });
}
