import type { BuildState, HostFiles, SocialCardFile } from '../build/build-state.ts';
import type { CompiledTemplates } from '../assets/index.ts';
import type { Content } from '../content/index.ts';
import type { Messages } from '../i18n/index.ts';
import type { OutputFile } from '../output/index.ts';
import type { RenderedEntry, RenderReuse } from '../render/index.ts';
import type { MappedRedirects } from '../redirects/index.ts';
import { listedPostFiles, refineChanges } from './change-details.ts';
import { classifyChange, type Classification, type EntryStep, type FileChange } from './classify-change.ts';
import type { DependencyGraph } from './dependency-graph.ts';
import { absolutePath, type ProjectDirs } from './project-path.ts';

/**
 * The one place that decides what a change makes run again. `build` and `serve --watch` both come
 * here: `build` with the paths whose stamps changed and the saved graph, watch with the saved
 * paths and its last build's state. Everything is decided from what was passed in: pure.
 *
 * Phase one, from the paths alone: the entry steps that read their inputs again.
 * Phase two (`reachOf`), once inputs are read: what changed inside the files (post fields,
 * message keys), the pages that reaches, and what the last build lends the rest.
 */
export interface ChangePlan {
  /** Whether an entry step reads its inputs again; when not, its result is the last build's. */
  runs: (step: EntryStep) => boolean;
  changes?: FileChange[];
  last?: BuildState;
  /** The last build's graph: this process's (watch) or the one saved in .cache/ (build). */
  graph?: DependencyGraph;
}

export function planChange(changes: FileChange[] | undefined, graph: DependencyGraph | undefined, last: BuildState | undefined): ChangePlan {
  const entry = changes && last ? classifyChange(changes, graph) : undefined;
  const runs = (step: EntryStep) => !entry || entry.stages.includes('settings') || entry.stages.includes(step);
  return { runs, ...(changes ? { changes } : {}), ...(last ? { last } : {}), ...(graph ? { graph } : {}) };
}

/**
 * Watch, settings unchanged: the last build's posts, with only the saved files read again, and
 * the blog folder listed again only when a file there was added or removed.
 */
export function knownContentOf(
  plan: ChangePlan,
  dirs: ProjectDirs,
): { known?: { content: Content; changed: Set<string>; listed: boolean; pagesKept: boolean } } {
  if (!plan.last || !plan.changes || plan.runs('settings')) return {};
  const site = plan.changes.filter((c) => c.path.startsWith('site/'));
  const changed = new Set(site.map((c) => absolutePath(c.path, dirs)));
  const listed = site.every((c) => c.kind === 'change' || !c.path.startsWith('site/blog/'));
  // Posts, bundles and their images only: the pages, collections and navigation are the last build's.
  const pagesKept = site.every((c) => c.path.startsWith('site/blog/'));
  return { known: { content: plan.last.content, changed, listed, pagesKept } };
}

export interface Reach {
  /** The changes with what changed inside them (watch); a plain build knows only the paths. */
  details?: FileChange[];
  /** The pages to key again and what an open tab does; undefined for a build from nothing. */
  classification?: Classification;
  /** Pages the change reached, when it reached some only: the others keep their cards. */
  reached?: ReadonlySet<string>;
}

export function reachOf(plan: ChangePlan, now: { content: Content; messages: Messages; dirs: ProjectDirs }): Reach {
  if (!plan.changes) return {};
  const details = refineChanges(plan.changes, plan.last, now, plan.graph);
  const classification = classifyChange(details, plan.graph);
  return { details, classification, ...(classification.pages !== 'all' ? { reached: new Set(classification.pages) } : {}) };
}

/** The plan reads the templates' names only: editing one template leaves it as it was. */
export function replans(plan: ChangePlan, templates: Pick<CompiledTemplates, 'names'>): boolean {
  const names = plan.runs('templates') && templates.names.join() !== plan.last?.templates.names.join();
  return names || (['settings', 'content', 'messages', 'images'] as const).some((s) => plan.runs(s));
}

/**
 * The entries a change did not reach keep their keys (no hashing, no stat): only when the change
 * was classified to some pages, and the code and assets all pages share are the same as then.
 * Entries from a saved graph (not this process's) are verified against the page cache, unless
 * `outIntact`: out/ is as the last build recorded, so a kept page's files there are the last
 * build's, and the cache is read only to fill new asset names in (a file gone is then a
 * DamagedCacheFile, and the build runs again in full).
 */
export function reuseOf(plan: ChangePlan, reach: Reach, setupKey: string, outIntact = false): { reuse?: RenderReuse } {
  if (!reach.reached) return {};
  const only = reach.reached;
  if (plan.last) return plan.last.setupKey === setupKey ? { reuse: { entryOf: lastEntryOf(plan.last.pages), only } } : {};
  const graph = plan.graph;
  if (!graph || graph.setupKey !== setupKey) return {};
  let entries: Map<string, RenderedEntry> | undefined;
  const entryOf = (outFile: string) =>
    (entries ??= new Map(Object.entries(graph.pages).map(([file, node]) => [file, { baseKey: node.baseKey, key: node.key } as RenderedEntry]))).get(outFile);
  return { reuse: { entryOf, only, ...(outIntact ? {} : { verify: true }) } };
}

/**
 * A page's entry in the last build's list: at the same position when the plan kept its order
 * (nearly every watch save), else by path, in a map made on the first miss. A map made on every
 * save cost 2-3 ms at 2,000 posts per locale.
 */
function lastEntryOf(last: readonly RenderedEntry[]): RenderReuse['entryOf'] {
  let byOutFile: Map<string, RenderedEntry> | undefined;
  return (outFile, at) => {
    const entry = last[at];
    if (entry?.page.outFile === outFile) return entry;
    byOutFile ??= new Map(last.map((e) => [e.page.outFile, e]));
    return byOutFile.get(outFile);
  };
}

/**
 * `build` after a change that moves no URL (posts' bodies and listed fields, nothing else of the
 * site folder, urls.lock and redirects.yaml included): the redirect map saved with the last graph,
 * when it was made in the same context. Mapping it again (urls.lock, every live URL, the aliases)
 * was ~35 ms of a one-post edit build at 1,000 posts per locale. A watch rebuild keeps its own
 * last map on the same grounds (plan-step.ts).
 */
export function savedRedirectsOf(plan: ChangePlan, reach: Reach, dirs: ProjectDirs, context: string): MappedRedirects | undefined {
  const saved = plan.graph?.redirects;
  if (plan.last || !saved || saved.context !== context || !reach.details || !listedPostFiles(reach.details, dirs)) return undefined;
  return saved.map;
}

/** The last build's card for a page the change did not reach (watch), else nothing: it is looked up again. */
export function keptCard(plan: ChangePlan, reach: Reach, outFile: string): SocialCardFile | undefined {
  if (!plan.last || !reach.reached || reach.reached.has(outFile)) return undefined;
  return plan.last.cards.get(outFile);
}

/** The paths a build made, and which are hashed: what the host files are made from. */
type MadeFiles = Pick<HostFiles['made'], 'paths' | 'hashed'>;

/** `_headers` and `_hashed-files.json` follow the list of paths: a watch rebuild that kept the list keeps them. */
export function keptHost(plan: ChangePlan, made: MadeFiles): HostFiles | undefined {
  const host = plan.last?.host;
  if (!host || plan.runs('settings') || host.made.paths.length !== made.paths.length) return undefined;
  // Compared path by path: the plan hands on the same strings from save to save, so most compare by identity.
  for (let i = 0; i < made.paths.length; i++) if (host.made.paths[i] !== made.paths[i] || host.made.hashed[i] !== made.hashed[i]) return undefined;
  return host;
}

/**
 * When only hashed files were renamed, each within a folder that one rule covers (a card in og/
 * after a title edit): the last host files, whose `_headers` stands (no folder gained or lost a
 * file of either kind, so the rules are the same), and the positions of the renamed files, from
 * which the list of hashed files and the order by path are patched. A hashed file listed by its
 * own name (beside a page) is not renamed here.
 */
export function renamedHashedFiles(plan: ChangePlan, made: MadeFiles): { last: HostFiles; headers: OutputFile; renamed: number[] } | undefined {
  const last = plan.last?.host;
  const headers = last?.files.find((f) => f.path === '_headers');
  // Its security headers come from the settings.
  if (!last || !headers || plan.runs('settings') || last.made.paths.length !== made.paths.length) return undefined;
  let folderRules: Set<string> | undefined;
  const renamed: number[] = [];
  for (let i = 0; i < made.paths.length; i++) {
    const [was, now] = [last.made.paths[i]!, made.paths[i]!];
    if (was === now && last.made.hashed[i] === made.hashed[i]) continue;
    const folder = was.slice(0, was.lastIndexOf('/') + 1);
    if (!folder || !last.made.hashed[i] || !made.hashed[i] || !now.startsWith(folder) || now.indexOf('/', folder.length) !== -1) return undefined;
    folderRules ??= new Set(String('data' in headers ? headers.data : '').split('\n'));
    let covered = false;
    for (let at = folder.indexOf('/'); at !== -1 && !covered; at = folder.indexOf('/', at + 1)) covered = folderRules.has(`/${folder.slice(0, at + 1)}*`);
    if (!covered) return undefined;
    renamed.push(i);
  }
  return { last, headers, renamed };
}
