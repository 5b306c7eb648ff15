// Islands without React: finds them, decides when each hydrates, and loads React with the first.
import type { IslandRef, PageContext, SharedData } from '../shared/page-data.ts';

/** How far outside the viewport a `visible` island starts loading (an approaching visitor). */
const MARGIN = 300;
const TRIGGERS = ['focusin', 'pointerover', 'touchstart'] as const;

interface Island {
  element: HTMLElement;
  ref: IslandRef;
  mounting?: Promise<void>;
  unmount?: () => void;
}

type Context = { shared: SharedData; pageContext: PageContext };

/** The wrapper has `display: contents`; its first child is what is on screen. */
const boxOf = (element: HTMLElement) => element.firstElementChild ?? element;

function nearViewport(element: HTMLElement): boolean {
  const rect = boxOf(element).getBoundingClientRect();
  return rect.bottom > -MARGIN && rect.top < innerHeight + MARGIN && (rect.width > 0 || rect.height > 0);
}

export function createIslands(options: { onMounted: (element: HTMLElement) => void; onChunkFailure: (error: unknown) => void }) {
  let islands: Island[] = [];
  let context: Context;
  let generation = 0;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const island = islands.find((i) => boxOf(i.element) === entry.target);
        if (island) void hydrate(island).catch(() => undefined);
      }
    },
    { rootMargin: `${MARGIN}px 0px` },
  );

  function hydrate(island: Island): Promise<void> {
    if (island.mounting) return island.mounting;
    observer.unobserve(boxOf(island.element));
    const mine = generation;
    // The island's own file is the first of its chunks (page-data.islands.json), named by the build.
    const chunk = island.ref.chunks[0];
    island.mounting = Promise.all([
      import('./hydrate-island.ts'),
      chunk ? (import(/* an island's file, by its URL */ chunk) as Promise<{ default: unknown }>) : Promise.reject(new Error(`no island "${island.ref.name}"`)),
    ])
      .then(([{ hydrateIsland }, module]) => {
        if (mine !== generation) return; // the page changed while its chunks loaded
        return new Promise<void>((resolve) => {
          const root = hydrateIsland(island.element, module.default as Parameters<typeof hydrateIsland>[1], { props: island.ref.props, ...context }, () => {
            island.element.dataset.islandHydrated = 'true';
            options.onMounted(island.element);
            resolve();
          });
          island.unmount = root.unmount;
        });
      })
      .catch((error: unknown) => {
        island.mounting = undefined;
        if (mine === generation) options.onChunkFailure(error);
        throw error;
      });
    return island.mounting;
  }

  return {
    /**
     * Takes over the islands now in `container` (refs in document order, from the page's variant):
     * those near the viewport hydrate at once, `visible` ones as they approach it, any on focus,
     * pointer or touch. Resolves when the ones near the viewport have mounted.
     */
    scan(container: HTMLElement, refs: IslandRef[], ctx: Context): Promise<void> {
      context = ctx;
      const elements = [...container.querySelectorAll<HTMLElement>('[data-island]')];
      islands = elements.map((element, i) => {
        // The variant lists islands in document order; the markup itself says the same if they ever disagree.
        const fromMarkup: IslandRef = {
          name: element.dataset.island!,
          chunks: [],
          hydrate: element.dataset.hydrate === 'interaction' ? 'interaction' : 'visible',
          props: JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>,
        };
        const ref = refs[i]?.name === element.dataset.island ? refs[i]! : fromMarkup;
        return { element, ref };
      });
      const now: Array<Promise<void>> = [];
      for (const island of islands) {
        const start = () => void hydrate(island).catch(() => undefined);
        for (const type of TRIGGERS) island.element.addEventListener(type, start, { once: true, passive: true });
        if (island.ref.hydrate !== 'visible') continue;
        if (nearViewport(island.element)) now.push(hydrate(island).catch(() => undefined));
        else observer.observe(boxOf(island.element));
      }
      return Promise.all(now).then(() => undefined);
    },
    /** The island around `element` hydrated (a form about to be submitted); resolves at once outside islands. */
    ready(element: Element): Promise<void> {
      const island = islands.find((i) => i.element.contains(element));
      return island ? hydrate(island) : Promise.resolve();
    },
    /** Before the page's HTML is replaced: every island unmounted, pending ones forgotten. */
    clear(): void {
      generation++;
      observer.disconnect();
      for (const island of islands) island.unmount?.();
      islands = [];
    },
  };
}
