import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Content } from '../content/index.ts';
import { locate, type SourceLocation } from '../errors/index.ts';
import { contentHash } from '../node/hash.ts';
import type { SitePlan } from '../plan/index.ts';
import { buildRedirectMap, type AliasClaim, type RedirectMap } from './build-redirect-map.ts';
import { parseRedirectRules } from './redirect-rules.ts';
import { formatUrlLock, parseUrlLock, type LockEntry } from './url-lock.ts';
import { pathWithin } from '../node/path-within.ts';
import { listPublishedFiles, type PublishedFile } from '../node/published-files.ts';
import { writeFileAtomically } from '../node/write-atomically.ts';

export const REDIRECTS_FILE = 'redirects.yaml';
export const URL_LOCK_FILE = 'urls.lock';

/** `write`: read and keep urls.lock (build); `read`: use it, never write (tests in memory, watch); `off`: `--no-lock`, as `read` but said in the report. */
export type LockMode = 'write' | 'read' | 'off';

export interface MapRedirectsOptions {
  siteDir: string;
  plan: SitePlan;
  content: Content;
  lock: LockMode;
}

export interface MappedRedirects extends RedirectMap {
  /** The next urls.lock's text when it differs from the file (mode `write` only). */
  lockText?: string;
  /** Why the lock was not used, for the report (`--no-lock`, CI without a lock). */
  lockSkipped?: string;
  /** Whether site/urls.lock exists (`check` says so when it cannot compare). */
  lockFound: boolean;
}

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

/**
 * The URLs this build publishes, as lock lines, each with its own file (not its translation's),
 * relative to the project so the lock is the same in any checkout: the plan's pages; each
 * locale's feed, as its list page's (a new list slug moves it, with a redirect for its readers);
 * the site folder's files published at their own path (`file:` and their path in the site folder,
 * which is what they are: moved or removed, they need a redirects.yaml entry).
 */
export function liveEntries(plan: SitePlan, root: string, files: readonly PublishedFile[] = []): LockEntry[] {
  const entries = plan.pages
    .filter((p) => !p.path.endsWith('.html'))
    .map((p) => ({ path: p.path, page: p.id, locale: p.locale, file: projectFile(root, p.source.file) }));
  const byPath = new Map(plan.pages.map((p) => [p.path, p]));
  for (const [locale, feed] of Object.entries(plan.feeds)) {
    const list = byPath.get(feed.path.slice(0, feed.path.lastIndexOf('/') + 1));
    if (list) entries.push({ path: feed.path, page: `${list.id}:feed`, locale, file: projectFile(root, list.source.file) });
  }
  for (const { url, file } of files) {
    const inProject = projectFile(root, file);
    entries.push({ path: url, page: `file:${inProject.slice(inProject.indexOf('/') + 1)}`, locale: '-', file: inProject });
  }
  return entries;
}

/** A source file relative to the project, remembered: every rebuild of a watch session asks again for thousands. */
const projectFiles = new Map<string, string>();
function projectFile(root: string, file: string): string {
  const key = `${root}\0${file}`;
  let found = projectFiles.get(key);
  if (found === undefined) {
    if (projectFiles.size > 100_000) projectFiles.clear();
    found = pathWithin(root, file) ?? relative(root, resolve(file)).split('\\').join('/');
    projectFiles.set(key, found);
  }
  return found;
}

/** Every alias of site/pages (per locale) and of published posts, with the page it leads to. */
export function aliasClaims(plan: SitePlan, content: Content): AliasClaim[] {
  const claims: AliasClaim[] = [];
  const posts = Object.values(content.posts).flat();
  // Looked up only for posts with aliases: most blogs have none, and the plan has thousands of post pages.
  const postPages = posts.some((post) => post.aliases?.length)
    ? new Map(plan.pages.filter((p) => p.id.startsWith('post:')).map((p) => [resolve(p.source.file), p]))
    : new Map<string, SitePlan['pages'][number]>();
  for (const page of content.pages)
    for (const [locale, paths] of Object.entries(page.aliases ?? {}))
      paths!.forEach((from, i) => claims.push({ from, page: page.id, locale, location: page.locate(['aliases', locale, i]) }));
  for (const post of posts) {
    const planned = post.aliases?.length ? postPages.get(resolve(post.file)) : undefined;
    if (planned) post.aliases!.forEach((from, i) => claims.push({ from, page: planned.id, locale: planned.locale, location: aliasLocation(post, i) }));
  }
  return claims;
}

/** The line of a post's i-th alias in its front matter (read again: only posts with aliases), so errors and `check` point at it. */
function aliasLocation(post: Content['posts'][string][number], i: number): SourceLocation {
  const text = readText(post.markdown.path);
  const end = text?.search(/\r?\n---[ \t]*(\r?\n|$)/) ?? -1;
  // From the newline after the opening `---`, so the front matter's lines are the file's.
  return end < 0 ? { file: post.file } : locate({ file: post.file, source: text!.slice(3, end) }, ['aliases', i]);
}

/** Reads site/redirects.yaml and site/urls.lock, and makes the map (pure) from them and the plan. */
export function mapRedirects(options: MapRedirectsOptions): MappedRedirects {
  const siteDir = resolve(options.siteDir);
  const root = dirname(siteDir);
  const rulesFile = join(siteDir, REDIRECTS_FILE);
  const source = readText(rulesFile);
  const lockFile = join(siteDir, URL_LOCK_FILE);
  const lockSource = readText(lockFile);
  const live = liveEntries(options.plan, root, listPublishedFiles(siteDir));
  const claims = aliasClaims(options.plan, options.content);
  // A pure function of these: a watch session's save that moves no URL gets the last map back.
  const key = contentHash(redirectsContext(siteDir, options.lock), JSON.stringify([source ?? null, lockSource ?? null, live, claims]));
  if (lastMap?.key === key) return lastMap.result;
  const rules = source === undefined ? [] : parseRedirectRules({ file: relative(process.cwd(), rulesFile) || rulesFile, source });
  let mode = options.lock;
  // Its recorded redirects still apply: a deploy of this build must not turn old URLs into 404s.
  let lockSkipped =
    mode === 'off' ? 'urls.lock not written (--no-lock): the redirects it records apply, and a URL that disappeared is a warning, not an error' : undefined;
  if (mode === 'write' && lockSource === undefined && process.env.CI === 'true') {
    mode = 'off';
    lockSkipped = 'urls.lock not written (CI=true and no site/urls.lock): URLs that disappeared are not checked; commit the lock a local build writes';
  }
  const lock = lockSource === undefined ? undefined : parseUrlLock(lockSource, relative(process.cwd(), lockFile) || lockFile);
  const map = buildRedirectMap({
    live,
    aliases: claims,
    rules,
    ...(mode === 'off' && !lock ? {} : { lock: lock ?? [] }),
    strict: mode === 'write',
  });
  const result: MappedRedirects = { ...map, lockFound: lockSource !== undefined, ...(lockSkipped ? { lockSkipped } : {}) };
  if (mode === 'write' && map.lock) {
    const text = formatUrlLock(map.lock);
    if (text !== lockSource) result.lockText = text;
  }
  lastMap = { key, result };
  return result;
}

let lastMap: { key: string; result: MappedRedirects } | undefined;

/**
 * What a redirect map depends on beside the site's files and plan: the lock mode, CI, where the
 * site and the process are. A map saved for the next build (the dependency graph) is reused only
 * in the same context.
 */
export function redirectsContext(siteDir: string, lock: LockMode): string {
  return contentHash(JSON.stringify([resolve(siteDir), lock, process.env.CI === 'true', process.cwd()]));
}

/** Puts the next urls.lock in place (renamed, never half-written). */
export function writeUrlLock(siteDir: string, text: string): string {
  const file = join(resolve(siteDir), URL_LOCK_FILE);
  writeFileAtomically(file, text);
  return file;
}
