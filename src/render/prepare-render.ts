import type { ClientBundle, CompiledTemplates, CssAsset } from '../assets/index.ts';
import type { SiteConfig } from '../config/index.ts';
import { contentHash } from '../node/hash.ts';
import type { SitePlan } from '../plan/index.ts';
import type { RuntimeConfig } from '../shared/runtime-config.ts';
import { assetSlots, type AssetSlots } from './asset-slots.ts';
import type { RenderSetup } from './render-page.ts';

export interface PreparedRender {
  setup: RenderSetup;
  slots: AssetSlots;
  buildHash: string;
  /** Each locale's shared data, as JSON and by the name it is published under. */
  sharedFiles: Record<string, { json: string; hash: string }>;
}

/** What every page's render needs besides the page: shared data, asset slots, the runtime's config. */
export function prepareRender(options: {
  config: SiteConfig;
  plan: SitePlan;
  templates: CompiledTemplates;
  client: ClientBundle;
  css: CssAsset;
  cacheDir: string;
}): PreparedRender {
  const { config, plan, client, css } = options;
  // Named by the query (its locale), not its result, as Gatsby names sq/d files: a message edit
  // then changes this one file, not every page-data.json that points at it.
  const sharedFiles = Object.fromEntries(
    Object.entries(plan.shared).map(([locale, data]) => [locale, { json: JSON.stringify(data), hash: contentHash('shared data', locale) }]),
  );
  // Like webpack's compilation hash: it changes when the code an open tab runs (the runtime, its
  // shared chunks, styles) changes, not the content, nor one template's or island's own file:
  // those are loaded by the URL this build publishes, so a tab still running may load the new one.
  const buildHash = contentHash('agency-site-2', client.coreHash, css.text);
  // Pages are rendered with slots for these names, filled at output: a CSS edit renders no page.
  const slots = assetSlots({
    stylesheets: [css.href],
    scripts: [client.entry],
    buildHash,
    templateChunks: client.templateChunks,
    islandChunks: client.islandChunks,
  });
  const setup: RenderSetup = {
    templatesFile: options.templates.file,
    shared: plan.shared,
    slices: plan.slices,
    sharedHashes: Object.fromEntries(Object.entries(sharedFiles).map(([l, f]) => [l, f.hash])),
    ...slots.tokens,
    runtimeConfig: JSON.stringify(runtimeConfig(config, slots.tokens.buildHash)),
    slots: { values: slots.values, key: slots.key },
    siteName: config.settings.name,
    cacheDir: options.cacheDir,
    constants: config.constants,
    embedHosts: config.settings.embeds.hosts,
  };
  return { setup, slots, buildHash, sharedFiles };
}

/** What the browser runtime needs before its first fetch, published in a meta tag (CSP allows no inline script). */
function runtimeConfig(config: SiteConfig, buildHash: string): RuntimeConfig {
  const { settings } = config;
  return {
    buildHash,
    locales: config.locales,
    defaultLocale: config.defaultLocale,
    consent: settings.consent,
    analytics: settings.analytics,
    prefetch: settings.prefetch,
  };
}
