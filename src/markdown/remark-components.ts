import type { Root } from 'mdast';
import { unknownMarkdownComponentError } from '../errors/index.ts';

/** Directives editors may use in markdown, and the attributes each accepts. */
export const MARKDOWN_COMPONENTS: Record<string, { element: string; attributes: string[] }> = {
  cta: { element: 'cta-box', attributes: ['kind'] },
  note: { element: 'note-box', attributes: ['tone'] },
};

type DirectiveNode = {
  type: 'containerDirective' | 'leafDirective' | 'textDirective';
  name: string;
  attributes?: Record<string, string | null | undefined> | null;
  data?: Record<string, unknown>;
  children: unknown[];
  position?: { start: { line: number; column: number } };
};

function walk(node: { children?: unknown[] }, visit: (n: DirectiveNode) => void): void {
  for (const child of (node.children ?? []) as Array<{ type: string; children?: unknown[] }>) {
    if (child.type.endsWith('Directive')) visit(child as unknown as DirectiveNode);
    walk(child, visit);
  }
}

/**
 * Turns `::cta{kind="strategy-call"}` and `:::note … :::` into custom elements that the
 * templates' markdown components map renders as React components.
 * A text directive such as `:smile` is not ours: it goes back to plain text.
 */
export function remarkComponents() {
  return (tree: Root, file: { path?: string }) => {
    walk(tree as { children?: unknown[] }, (node) => {
      const spec = MARKDOWN_COMPONENTS[node.name];
      if (node.type === 'textDirective' && !spec) {
        const n = node as unknown as { type: string; value: string };
        n.type = 'text';
        n.value = `:${node.name}`;
        return;
      }
      if (!spec) {
        throw unknownMarkdownComponentError(
          { file: file.path ?? 'markdown', ...(node.position ? { line: node.position.start.line, column: node.position.start.column } : {}) },
          node.name,
          Object.keys(MARKDOWN_COMPONENTS),
        );
      }
      const properties: Record<string, string> = {};
      for (const [key, value] of Object.entries(node.attributes ?? {})) {
        if (spec.attributes.includes(key) && typeof value === 'string') properties[key] = value;
      }
      node.data = { ...node.data, hName: spec.element, hProperties: properties };
    });
  };
}
