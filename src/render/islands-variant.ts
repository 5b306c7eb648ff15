// The partial-hydration variant of page data (page-data.islands.json), made from a rendered page.
import { islandPropError, unknownIslandError } from '../errors/index.ts';
import type { PlannedPage } from '../plan/index.ts';
import type { IslandRef, IslandsPageData, PageData } from '../shared/page-data.ts';

// The wrapper templates/lib/island.tsx renders, attributes in this order; React escapes their values.
const ISLAND = /<div data-island="([^"]*)" data-hydrate="([^"]*)" data-props="([^"]*)">/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
const unescapeAttribute = (value: string) => value.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e]!);

/** Renders the page body, turning an island prop the browser cannot receive into IslandPropError. */
export function renderBodyChecked(render: () => string, page: PlannedPage): string {
  try {
    return render();
  } catch (error) {
    const problem = error as { name?: string; island?: string; prop?: string; reason?: string };
    if (problem?.name !== 'IslandPropProblem') throw error;
    // The template line is found by the build (render-step), which knows the templates folder.
    throw islandPropError(page.source, { template: page.template, island: problem.island!, prop: problem.prop!, reason: problem.reason!, page: page.path });
  }
}

/** The islands of a rendered body, in document order, each with its chunks from the browser bundle. */
export function islandsOf(bodyHtml: string, islandChunks: Record<string, string[]>, page: PlannedPage): IslandRef[] {
  return [...bodyHtml.matchAll(ISLAND)].map(([, name, hydrate, props]) => {
    const chunks = islandChunks[name!];
    if (!chunks) throw unknownIslandError(page.source, { template: page.template, island: name!, known: Object.keys(islandChunks) });
    return {
      name: name!,
      chunks,
      hydrate: hydrate === 'interaction' ? 'interaction' : 'visible',
      props: JSON.parse(unescapeAttribute(props!)) as Record<string, unknown>,
    };
  });
}

/** page-data.islands.json: the spec's page-data fields, the body's HTML and its islands, no `data`. */
export function islandsPageData(pageData: PageData, bodyHtml: string, islandChunks: Record<string, string[]>, page: PlannedPage): string {
  const { result, ...fields } = pageData;
  const variant: IslandsPageData = {
    ...fields,
    hydration: 'islands',
    result: { pageContext: result.pageContext, ...(result.head ? { head: result.head } : {}) },
    html: bodyHtml,
    islands: islandsOf(bodyHtml, islandChunks, page),
  };
  return JSON.stringify(variant);
}
