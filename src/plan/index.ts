export { planSite, replanPages, replanPosts, replanShared, type PlanSiteOptions } from './plan-site.ts';
export { localizeValue } from './localize-value.ts';
export type { PlannedPage, SitePlan, HeadData, FeedEntry } from './types.ts';
