import { pageDataError } from './page-data-error.ts';
import { templateError } from './template-error.ts';
import type { PlannedPage } from '../plan/index.ts';
import { componentChunkName, type PageData, type SharedData, type SliceData } from '../shared/page-data.ts';
import type { TemplatesBundle } from '../shared/template-contract.ts';
import { islandsPageData, renderBodyChecked } from './islands-variant.ts';
import type { MarkdownWarning } from '../markdown/index.ts';
import type { MarkdownCache } from './markdown-cache.ts';
import { recordSharedReads, type SharedReads } from './record-reads.ts';

/** Everything a render needs besides the page; plain data so it can be sent to a worker. */
export interface RenderSetup {
  templatesFile: string;
  shared: Record<string, SharedData>;
  slices: Record<string, SliceData>;
  /** Locale → hash of its shared data file (`/page-data/sq/d/{hash}.json`). */
  sharedHashes: Record<string, string>;
  /** The build hash, stylesheets, scripts and chunks are slot tokens (asset-slots.ts), filled with `slots` once rendered. */
  buildHash: string;
  stylesheets: string[];
  scripts: string[];
  /** Template name → the chunks its first render needs (modulepreload). */
  templateChunks: Record<string, string[]>;
  /** Island name (a file of templates/islands/) → its chunk and the chunks it imports. */
  islandChunks?: Record<string, string[]>;
  /** JSON for <meta name="agency-site-config">: what the runtime needs before any fetch. */
  runtimeConfig: string;
  /** This build's asset names, by slot, and their key. */
  slots: { values: Record<string, string>; key: string };
  siteName: string;
  cacheDir: string;
  /** Resolved in markdown bodies, which workers read themselves. */
  constants: Record<string, unknown>;
  /** Hosts whose iframes in markdown become click-to-load embeds (site.yaml `embeds.hosts`). */
  embedHosts: string[];
}

export interface RenderedPage {
  html: string;
  pageData: string;
  /** page-data.islands.json, unless the page's template opts out of islands (`hydration = 'full'`). */
  islandsData?: string;
  /** What the render read of its locale's shared data (the page's edges in the dependency graph). */
  reads: SharedReads;
  /** Message keys the templates asked for that no locale has. */
  missingMessages: string[];
  /** Page ids the templates linked to that do not exist in this locale. */
  missingRoutes: string[];
  /** Image paths a template asked for that site/images does not have. */
  missingImages: string[];
  /** What parsing the page's markdown warned about (raw HTML removed, unknown languages), at lines of `page.markdown.file`. */
  markdownWarnings?: MarkdownWarning[];
}

/** Renders one planned page to its HTML document and page-data JSON. */
export function renderPage(page: PlannedPage, setup: RenderSetup, templates: TemplatesBundle, markdown: MarkdownCache): RenderedPage {
  const data = structuredClone(page.data);
  const cached = page.markdown ? markdown.get(page.markdown) : undefined;
  const parsed = cached?.result;
  if (parsed) setPath(data, page.markdown!.field, parsed.hast);

  const slicesMap = { navbar: `navbar-${page.locale}`, footer: `footer-${page.locale}` };
  const pageData: PageData = {
    componentChunkName: componentChunkName(page.template),
    path: page.path,
    // No template routes on the client yet, so every page says so explicitly rather than omitting the field.
    matchPath: page.matchPath ?? null,
    result: { data, pageContext: page.pageContext, head: page.head },
    staticQueryHashes: [setup.sharedHashes[page.locale]!],
    slicesMap,
    webpackCompilationHash: setup.buildHash,
  };

  const { createElement, renderToString } = templates;
  // Every read of the locale's shared data is recorded: what the page depends on, and what was missing.
  const recorder = recordSharedReads(setup.shared[page.locale]!);
  const sharedForPage = recorder.data;
  const slices = { navbar: setup.slices[slicesMap.navbar]!, footer: setup.slices[slicesMap.footer]! };
  const template = templates.pages[page.template]!;
  const props = { data, pageContext: page.pageContext };
  const hydration = template.hydration ?? 'islands';
  let bodyHtml: string;
  try {
    bodyHtml = renderBodyChecked(
      () =>
        renderToString(
          createElement(
            templates.Root,
            { shared: sharedForPage, slices, pageContext: page.pageContext, template: page.template },
            createElement(template.default, props),
          ),
        ),
      page,
    );
  } catch (error) {
    throw pageDataError(error, page) ?? templateError(error, page, setup.templatesFile) ?? error;
  }
  const structuredData = template.structuredData?.({ ...props, shared: sharedForPage, head: page.head }) ?? [];
  const html =
    '<!DOCTYPE html>' +
    renderToString(
      createElement(templates.Document, {
        lang: page.locale,
        head: page.head,
        siteName: setup.siteName,
        stylesheets: setup.stylesheets,
        scripts: setup.scripts,
        // Island pages load no template chunk: React comes with the first island that hydrates.
        modulePreloads: hydration === 'full' ? (setup.templateChunks[page.template] ?? []) : [],
        hydration,
        runtimeConfig: setup.runtimeConfig,
        structuredData,
        bodyHtml,
      }),
    );
  const islandsData = hydration === 'islands' ? islandsPageData(pageData, bodyHtml, setup.islandChunks ?? {}, page) : undefined;
  const { reads, missing } = recorder.finish();
  return {
    html,
    pageData: cached ? withTreeAsCached(pageData, data, page.markdown!.field, cached.hastJson) : JSON.stringify(pageData),
    ...(islandsData ? { islandsData } : {}),
    reads,
    missingMessages: missing.messages,
    missingRoutes: missing.routes.map((id) => `${page.locale}:${id}`),
    missingImages: missing.images,
    ...(parsed?.warnings ? { markdownWarnings: parsed.warnings } : {}),
  };
}

/**
 * page-data's JSON with the body's tree spliced in as the markdown cache holds it: the same bytes
 * as stringifying the tree again (JSON.stringify writes no spaces), without doing it, about a
 * quarter of a millisecond a post. Called once the page has rendered: it changes `data`.
 */
function withTreeAsCached(pageData: PageData, data: Record<string, unknown>, field: string, hastJson: string): string {
  setPath(data, field, TREE_SLOT);
  const text = JSON.stringify(pageData);
  const slot = JSON.stringify(TREE_SLOT);
  const at = text.indexOf(slot);
  return text.slice(0, at) + hastJson + text.slice(at + slot.length);
}
/** A string no page's data holds: NUL characters bound it, and no site's text has them. */
const TREE_SLOT = '\u0000markdown tree\u0000';

function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1)!] = value;
}
