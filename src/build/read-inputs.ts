import { bundleClient, bundleCss, compileTemplates, type ClientBundle, type CompiledTemplates, type CssAsset } from '../assets/index.ts';
import { loadSiteConfig, loadYamlMemory, type SiteConfig } from '../config/index.ts';
import { loadContent, loadRememberedNumbers, type Content } from '../content/index.ts';
import { cacheResetWarning, type BuildWarning } from '../errors/index.ts';
import { knownContentOf } from '../graph/index.ts';
import { loadMessages, type Messages } from '../i18n/index.ts';
import { processImages, readSocialCardDesign, type ProcessedImages, type SocialCardDesign } from '../images/index.ts';
import { LiveOutput } from '../output/index.ts';
import type { BuildContext } from './build-context.ts';
import { settleAll } from '../node/settle-all.ts';
import { checkCacheMarker } from './cache-marker.ts';
import { stampLookup } from './source-stamps.ts';

export interface Inputs {
  config: SiteConfig;
  socialCard?: SocialCardDesign;
  content: Content;
  messages: Messages;
  templates: CompiledTemplates;
  client: ClientBundle;
  css: CssAsset;
  images: ProcessedImages;
  warnings: BuildWarning[];
}

/**
 * Settings, content, messages, templates, styles and images: each read again when the change plan
 * says its step runs, else taken from the last build. The five after settings read side by side.
 */
export async function readInputs(build: BuildContext): Promise<Inputs> {
  const { options, dirs, cacheDir, task, change } = build;
  const { siteDir, templatesDir, localesDir } = dirs;
  const last = change.last;
  loadYamlMemory(cacheDir);
  const config = change.runs('settings')
    ? await task('reading settings', () => loadSiteConfig({ siteDir, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) }))
    : last!.config;
  // The social card's design, a template file; an edit of it reaches every page's head (a setting).
  const socialCard = !config.settings.images.socialCards ? undefined : change.runs('settings') ? await readSocialCardDesign(templatesDir) : last!.socialCard;
  // A cache from another version or site is never trusted: emptied, rebuilt, and said so once.
  const cacheProblem = checkCacheMarker(cacheDir, { name: config.settings.name, locales: config.locales });
  loadRememberedNumbers(cacheDir);
  const [content, messages, { templates, client }, css, images] = await task('reading content', () =>
    settleAll([
      change.runs('content') || change.runs('images')
        ? loadContent({ siteDir, config, cacheDir, ...(build.stamps ? { stampOf: stampLookup(build.stamps, siteDir) } : {}), ...knownContentOf(change, dirs) })
        : last!.content,
      change.runs('messages') ? loadMessages({ localesDir, config }) : last!.messages,
      change.runs('templates')
        ? compileTemplates({ templatesDir, cacheDir }).then(async (templates) => ({
            templates,
            client: await bundleClient({ templatesDir, names: templates.names, cacheDir }),
          }))
        : { templates: last!.templates, client: last!.client },
      change.runs('styles') ? bundleCss({ templatesDir, cacheDir }) : last!.css,
      change.runs('images')
        ? processImages({
            siteDir,
            cacheDir,
            settings: {
              contentMaxWidth: config.settings.images.contentMaxWidth,
              wideMaxWidth: config.settings.images.wideMaxWidth,
              quality: config.settings.images.quality,
            },
            ...(options.onImageProgress ? { onProgress: options.onImageProgress } : {}),
          })
        : last!.images,
    ]),
  );
  return {
    config,
    ...(socialCard ? { socialCard } : {}),
    content,
    messages,
    templates,
    client,
    css,
    images,
    warnings: cacheProblem ? [cacheResetWarning(cacheProblem)] : [],
  };
}

/** serve --watch: a changed stylesheet goes into out/ at once, so an open tab swaps it before any page renders again. */
export async function swapStylesheetFirst(build: BuildContext, css: CssAsset): Promise<void> {
  const { options, change } = build;
  if (!change.last || !options.inPlace || !options.onStylesheet || css.href === change.last.css.href) return;
  await new LiveOutput(options.outDir).put({ path: css.file, data: css.text });
  options.onStylesheet(css.href);
}
