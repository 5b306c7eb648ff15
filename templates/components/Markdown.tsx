import type { Root } from 'hast';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { markdownComponents } from '../markdown-components.tsx';

/**
 * Renders markdown's hast with React, mapping custom elements (cta-box, note-box) to components.
 * This is rehype-react's compiler (it calls toJsxRuntime the same way), used directly because the
 * tree arrives as page-data JSON and must render identically on the server and in the browser.
 */
export function Markdown({ tree }: { tree: Root }) {
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components: markdownComponents as never, passKeys: true });
}
