import {
  bodiesOnly,
  collectionPageIds,
  listedPostFiles,
  messagesOnly,
  reachOf,
  replans,
  savedRedirectsOf,
  withNewBodies,
  type ChangePlan,
  type Reach,
} from '../graph/index.ts';
import { planSite, replanPages, replanPosts, replanShared, type PlanSiteOptions, type SitePlan } from '../plan/index.ts';
import type { SiteFiles } from '../output/index.ts';
import { mapRedirects, redirectsContext, type MappedRedirects } from '../redirects/index.ts';
import type { BuildContext } from './build-context.ts';
import type { Inputs } from './read-inputs.ts';

export interface Planned {
  reach: Reach;
  plan: SitePlan;
  /** The last build's sitemap and feeds where the change cannot have changed them (watch). */
  keptSiteFiles?: Partial<SiteFiles>;
  redirects: MappedRedirects;
  /** What the map depends on beside the site (`redirectsContext`): saved with it for the next build. */
  redirectsContext: string;
}

/** What the change reaches, the plan of this build, and the redirect map every host applies. */
export async function planBuild(build: BuildContext, inputs: Inputs): Promise<Planned> {
  const { config, content, messages, templates, images, socialCard } = inputs;
  const reach = reachOf(build.change, { content, messages, dirs: build.dirs });
  const planOptions = { config, content, messages, templates: templates.names, images: images.manifest, ...(socialCard ? { socialCard } : {}) };
  const { plan, siteFiles, keptRedirects } = await planStep(build, planOptions, reach, replans(build.change, templates));
  // Aliases, site/redirects.yaml and the lock: one map every host applies. Made again unless the
  // change cannot move a URL (post bodies, messages, a post's listed fields): a watch rebuild keeps
  // its last map, `build` the one saved with the graph. Hashing every live URL to find that nothing
  // moved was ~30 ms a save at 2,000 posts.
  const { options } = build;
  const lock = options.lock ?? (options.output || options.inPlace ? 'read' : 'write');
  const context = redirectsContext(build.dirs.siteDir, lock);
  const redirects =
    keptRedirects ??
    savedRedirectsOf(build.change, reach, build.dirs, context) ??
    (await build.task('mapping redirects', async () => mapRedirects({ siteDir: build.dirs.siteDir, plan, content, lock })));
  return { reach, plan, ...(siteFiles ? { keptSiteFiles: siteFiles } : {}), redirects, redirectsContext: context };
}

/**
 * The plan of this build. A watch rebuild plans only as far as its change reaches (each partial
 * plan is unit-tested to equal a whole plan): post bodies only → the last plan with the new
 * markdown; messages the planner does not read → the shared data; a collection → the pages listing
 * it; a post's listed fields → the blog. Also says which of the last build's sitemap and feeds
 * still hold.
 */
async function planStep(
  build: { change: ChangePlan; dirs: BuildContext['dirs']; task: BuildContext['task'] },
  planOptions: PlanSiteOptions,
  reach: Reach,
  replan: boolean,
): Promise<{ plan: SitePlan; siteFiles: Partial<SiteFiles> | undefined; keptRedirects?: MappedRedirects }> {
  const { task } = build;
  const previous = build.change.last;
  const { details, classification } = reach;
  if (!previous) return { plan: await task('planning', () => planSite(planOptions)), siteFiles: undefined };
  const bodies = details && bodiesOnly(details) ? withNewBodies(previous.plan, planOptions.content, details, build.dirs) : undefined;
  const collectionIds = details && classification ? collectionPageIds(details, classification, previous.plan, planOptions.content) : undefined;
  const postFiles = details ? listedPostFiles(details, build.dirs) : undefined;
  const sharedOnly = details !== undefined && messagesOnly(details, previous.graph);
  const plan =
    bodies ??
    (sharedOnly ? await task('planning shared data', () => replanShared(previous.plan, planOptions)) : undefined) ??
    (collectionIds ? await task('planning the pages that list it', () => replanPages(previous.plan, collectionIds, planOptions)) : undefined) ??
    (postFiles ? await task('planning the blog', () => replanPosts(previous.plan, postFiles, planOptions)) : undefined) ??
    (replan ? await task('planning', () => planSite(planOptions)) : previous.plan);
  // Bodies or messages only: no page, alias, rule or lock changed, so neither did the redirect map.
  if (bodies || sharedOnly) return { plan, siteFiles: previous.siteFiles, keptRedirects: previous.redirects };
  // The pages' paths, heads and dates are as before: the sitemap and feeds are too.
  if (collectionIds || plan === previous.plan) return { plan, siteFiles: previous.siteFiles };
  if (postFiles) {
    // A post's listed fields (title, description, tags, date of update, body) move no URL and no
    // alias: the redirect map stands. Other than the date of update, they leave every page's path
    // and lastmod: the sitemap stands too.
    const sitemapKept = details!.every((c) => !c.fields?.includes('updated'));
    return { plan, siteFiles: sitemapKept ? { sitemap: previous.siteFiles.sitemap } : undefined, keptRedirects: previous.redirects };
  }
  return { plan, siteFiles: undefined };
}
