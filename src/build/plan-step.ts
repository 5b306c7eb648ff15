import type { Classification, FileChange, ProjectDirs } from '../graph/index.ts';
import { planSite, replanPages, replanPosts, replanShared, type PlanSiteOptions, type SitePlan } from '../plan/index.ts';
import type { SiteFiles } from '../output/index.ts';
import { bodiesOnly, collectionPageIds, listedPostFiles, messagesOnly, withNewBodies } from './change-details.ts';
import type { BuildState } from './pipeline.ts';
import type { createTasks } from './task.ts';

/**
 * The plan of this build. A watch rebuild plans only as far as its change reaches (each partial
 * plan is unit-tested to equal a whole plan): post bodies only → the last plan with the new
 * markdown; messages the planner does not read → the shared data; a collection → the pages listing
 * it; a post's listed fields → the blog. Also says which of the last build's sitemap and feeds
 * still hold.
 */
export async function planStep(options: {
  planOptions: PlanSiteOptions;
  /** Whether any stage that feeds the plan ran (else the last plan stands). */
  replan: boolean;
  previous?: BuildState;
  /** The changes with what changed inside them (watch); undefined for a plain build. */
  details?: FileChange[];
  reach?: Classification;
  dirs: ProjectDirs;
  task: ReturnType<typeof createTasks>['task'];
}): Promise<{ plan: SitePlan; siteFiles: Partial<SiteFiles> | undefined }> {
  const { previous, details, reach, planOptions, task } = options;
  if (!previous) return { plan: await task('planning', () => planSite(planOptions)), siteFiles: undefined };
  const bodies = details && bodiesOnly(details) ? withNewBodies(previous.plan, planOptions.content) : undefined;
  const collectionIds = details && reach ? collectionPageIds(details, reach, previous.plan, planOptions.content) : undefined;
  const postFiles = details ? listedPostFiles(details, options.dirs) : undefined;
  const sharedOnly = details !== undefined && messagesOnly(details, previous.graph);
  const plan =
    bodies ??
    (sharedOnly ? await task('planning shared data', () => replanShared(previous.plan, planOptions)) : undefined) ??
    (collectionIds ? await task('planning the pages that list it', () => replanPages(previous.plan, collectionIds, planOptions)) : undefined) ??
    (postFiles ? await task('planning the blog', () => replanPosts(previous.plan, postFiles, planOptions)) : undefined) ??
    (options.replan ? await task('planning', () => planSite(planOptions)) : previous.plan);
  // The pages' paths, heads and dates are as before: the sitemap and feeds are too.
  if (bodies || sharedOnly || collectionIds || plan === previous.plan) return { plan, siteFiles: previous.siteFiles };
  // A listed post field other than its date of update leaves every page's path and lastmod: the sitemap stands.
  if (postFiles && details!.every((c) => !c.fields?.includes('updated'))) return { plan, siteFiles: { sitemap: previous.siteFiles.sitemap } };
  return { plan, siteFiles: undefined };
}
