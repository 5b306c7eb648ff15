import type { IslandsPageData } from '../shared/page-data.ts';
import { createIslands } from './islands.ts';
import type { PageResources } from './page-resources.ts';
import type { IslandLoaders } from './types.ts';
import type { View } from './view.ts';

/**
 * Islands: the page stays the server's HTML; only its islands hydrate (./islands.ts). A navigation
 * swaps #root's content for the variant's `html` and takes over the new page's islands.
 */
export function createIslandView(container: HTMLElement, options: { loaders: IslandLoaders; onForms: (scope: ParentNode) => void; onChunkFailure: (error: unknown) => void }): View {
  const islands = createIslands({ loaders: options.loaders, onMounted: options.onForms, onChunkFailure: options.onChunkFailure });
  const take = (res: PageResources) => {
    const variant = res.variant as IslandsPageData;
    return islands.scan(container, variant.islands, { shared: res.shared, pageContext: variant.result.pageContext });
  };
  return {
    start: take,
    show(res) {
      islands.clear();
      container.innerHTML = (res.variant as IslandsPageData).html;
      void take(res);
    },
    ready: (form) => islands.ready(form),
  };
}
