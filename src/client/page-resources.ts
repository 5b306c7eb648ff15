import { localeOfPath } from '../shared/locale-path.ts';
import { APP_DATA_PATH, pageDataPath, sharedDataPath, sliceDataPath } from '../shared/site-urls.ts';
import type { AppData, IslandsPageData, PageData, SharedData, SliceData } from '../shared/page-data.ts';
import { fetchJson, htmlExists, ResourceError } from './fetch-resource.ts';
import { preloadModule } from './preload-module.ts';
import type { HydrationMode, TemplateNames } from './types.ts';

/** Everything a page needs; `variant` in islands mode, `slices`, `template` and `component` in full mode. */
export interface PageResources {
  path: string;
  pageData: PageData<Record<string, unknown>> | IslandsPageData;
  variant?: IslandsPageData;
  shared: SharedData;
  slices?: Record<string, SliceData>;
  template?: string;
  component?: (props: never) => unknown;
  /** The page shown is the 404 or 500 page of the language, not the one asked for. */
  fallback?: '404' | '500';
}

type AnyPageData = PageData<Record<string, unknown>> | IslandsPageData;

/** A navigation that must become a full browser load of `path` (new deploy, retries exhausted, chunk failure). */
export class FullLoad extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const RETRIES = 3;
const loaded = new Map<string, PageResources>();

export const pageDataUrl = (path: string, mode: HydrationMode = 'full') => `/${pageDataPath(path, mode)}`;

function isPageData(value: unknown, mode: HydrationMode): value is AnyPageData {
  const v = value as Partial<IslandsPageData> | null;
  if (!v || typeof v.componentChunkName !== 'string' || typeof v.path !== 'string' || !v.result || !Array.isArray(v.staticQueryHashes)) return false;
  return mode === 'full' || (typeof v.html === 'string' && Array.isArray(v.islands));
}

/** page-data (or its islands variant) with retries for failures that may pass (network, 503): up to 3 more tries. */
async function fetchPageData(path: string, mode: HydrationMode): Promise<AnyPageData> {
  const url = pageDataUrl(path, mode);
  for (let attempt = 0; ; attempt++) {
    try {
      const data = await fetchJson<unknown>(url);
      if (!isPageData(data, mode)) throw new ResourceError(url, 'invalid');
      return data;
    } catch (error) {
      const status = (error as ResourceError).status;
      if (status === 404 || status === 'invalid' || status === 500) throw error;
      if (attempt >= RETRIES) throw new FullLoad(path, `page-data for ${path} failed ${attempt + 1} times`);
      await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
    }
  }
}

/**
 * Loads pages for one hydration mode. In islands mode a page is its variant and its locale's shared
 * data; on a navigation its island chunks are fetched (not run) first. A page without a variant (its
 * template opted out) exists as HTML, so the HEAD check turns it into a full load.
 */
export function createLoader(options: { templates: TemplateNames; mode: HydrationMode; buildHash: string; locales: string[]; defaultLocale: string }) {
  const { mode } = options;
  const localeOf = (path: string) => localeOfPath(path, options.locales, options.defaultLocale);
  const errorPage = (path: string, code: '404' | '500') => {
    const locale = localeOf(path);
    return locale === options.defaultLocale ? `/${code}.html` : `/${locale}/${code}.html`;
  };

  async function islandResources(path: string, variant: IslandsPageData, navigation: boolean, fallback?: '404' | '500'): Promise<PageResources> {
    const [shared] = await Promise.all([
      fetchJson<SharedData>(`/${sharedDataPath(variant.staticQueryHashes[0]!)}`),
      ...(navigation
        ? variant.islands.map((island) =>
            preloadModule(island.chunks[0]!).catch(() => {
              // A chunk that fails to load (an old deploy removed it): the browser loads the page itself.
              throw new FullLoad(path, 'island chunk failed to load');
            }),
          )
        : []),
    ]);
    return { path, pageData: variant, variant, shared, ...(fallback ? { fallback } : {}) };
  }

  async function resources(path: string, data: AnyPageData, navigation: boolean, app: AppData | undefined, fallback?: '404' | '500'): Promise<PageResources> {
    if (mode === 'islands') return islandResources(path, data as IslandsPageData, navigation, fallback);
    const pageData = data as PageData<Record<string, unknown>>;
    const name = options.templates[pageData.componentChunkName];
    // The template's file is named by this deploy's app-data.json (the runtime does not name it).
    const chunk = app?.componentChunks?.[pageData.componentChunkName];
    if (!name || !chunk) throw new FullLoad(path, `no template chunk ${pageData.componentChunkName}`);
    const [shared, navbar, footer, module] = await Promise.all([
      fetchJson<SharedData>(`/${sharedDataPath(pageData.staticQueryHashes[0]!)}`),
      fetchJson<SliceData>(`/${sliceDataPath(pageData.slicesMap.navbar!)}`),
      fetchJson<SliceData>(`/${sliceDataPath(pageData.slicesMap.footer!)}`),
      (import(/* a template's file, by its URL */ chunk) as Promise<{ default: unknown }>).catch(() => {
        // A chunk that fails to load (an old deploy removed it): the browser loads the page itself.
        throw new FullLoad(path, 'template chunk failed to load');
      }),
    ]);
    return {
      path,
      pageData,
      shared,
      slices: { navbar, footer },
      template: name,
      component: module.default as PageResources['component'],
      ...(fallback ? { fallback } : {}),
    };
  }

  /** Everything a route needs, or the 404/500 page of its language, or FullLoad. */
  async function loadPage(path: string, { navigation = true } = {}): Promise<PageResources> {
    const cached = loaded.get(path);
    if (cached) return cached;
    const [app, pageData] = await Promise.allSettled([fetchJson<AppData>(`/${APP_DATA_PATH}`), fetchPageData(path, mode)]);
    if (navigation && app.status === 'fulfilled' && app.value.webpackCompilationHash !== options.buildHash) {
      // A new deploy: never mix old and new builds in one page.
      throw new FullLoad(path, 'a new version of the site was deployed');
    }
    const appData = app.status === 'fulfilled' ? app.value : undefined;
    if (pageData.status === 'rejected') {
      const error = pageData.reason as ResourceError | FullLoad;
      if (error instanceof FullLoad) throw error;
      if (error.status === 404 || error.status === 'invalid') {
        if (await htmlExists(path)) throw new FullLoad(path, 'page exists but its page-data does not');
        return resources(
          path,
          await fetchPageData(errorPage(path, '404'), mode).catch(() => Promise.reject(new FullLoad(path, '404 page unavailable'))),
          navigation,
          appData,
          '404',
        );
      }
      // A 500: the 500 page of the language; if that fails too, the browser asks the server itself.
      return resources(
        path,
        await fetchPageData(errorPage(path, '500'), mode).catch(() => Promise.reject(new FullLoad(path, '500 page unavailable'))),
        navigation,
        appData,
        '500',
      );
    }
    const result = await resources(path, pageData.value, navigation, appData);
    loaded.set(path, result);
    return result;
  }

  /** Loads a page's data and template chunk ahead of a click; failures are ignored. */
  function prefetch(path: string): void {
    if (loaded.has(path)) return;
    loadPage(path).catch(() => undefined);
  }

  return { loadPage, prefetch, isLoaded: (path: string) => loaded.has(path), localeOf };
}
