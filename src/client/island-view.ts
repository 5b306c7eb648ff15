import type { IslandsPageData } from '../shared/page-data.ts';
import { createIslands } from './islands.ts';
import type { PageResources } from './page-resources.ts';
import type { View } from './view.ts';

/**
 * Islands: the page stays the server's HTML; only its islands hydrate (./islands.ts). A navigation
 * swaps #root's content for the variant's `html` and takes over the new page's islands.
 */
/** Scripts set through innerHTML never run; a page's own (the reviews widget's loader) must, as on a full load. */
function runScripts(container: HTMLElement): void {
  for (const old of container.querySelectorAll('script')) {
    if (old.type && old.type !== 'module' && !/javascript|ecmascript/i.test(old.type)) continue; // data blocks
    const script = document.createElement('script');
    for (const attr of old.attributes) script.setAttribute(attr.name, attr.value);
    script.text = old.text;
    old.replaceWith(script);
  }
}

export function createIslandView(container: HTMLElement, options: { onForms: (scope: ParentNode) => void; onChunkFailure: (error: unknown) => void }): View {
  const islands = createIslands({ onMounted: options.onForms, onChunkFailure: options.onChunkFailure });
  const take = (res: PageResources) => {
    const variant = res.variant as IslandsPageData;
    return islands.scan(container, variant.islands, { shared: res.shared, pageContext: variant.result.pageContext });
  };
  return {
    start: take,
    show(res) {
      islands.clear();
      container.innerHTML = (res.variant as IslandsPageData).html;
      runScripts(container);
      void take(res);
    },
    ready: (form) => islands.ready(form),
  };
}
