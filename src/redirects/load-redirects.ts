import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Content } from '../content/index.ts';
import { locate, type SourceLocation } from '../errors/index.ts';
import type { SitePlan } from '../plan/index.ts';
import { buildRedirectMap, type AliasClaim, type RedirectMap } from './build-redirect-map.ts';
import { parseRedirectRules } from './redirect-rules.ts';
import { formatUrlLock, parseUrlLock, type LockEntry } from './url-lock.ts';

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

/** The pages the plan makes, as lock lines: each its own file (not its translation's), relative to the project, so the lock is the same in any checkout. */
export function liveEntries(plan: SitePlan, root: string): LockEntry[] {
  return plan.pages
    .filter((p) => !p.path.endsWith('.html'))
    .map((p) => ({
      path: p.path,
      page: p.id,
      locale: p.locale,
      file: relative(root, resolve(p.source.file)).split('\\').join('/'),
    }));
}

/** Every alias of site/pages (per locale) and of published posts, with the page it leads to. */
export function aliasClaims(plan: SitePlan, content: Content): AliasClaim[] {
  const claims: AliasClaim[] = [];
  const postPages = new Map(plan.pages.filter((p) => p.id.startsWith('post:')).map((p) => [resolve(p.source.file), p]));
  for (const page of content.pages)
    for (const [locale, paths] of Object.entries(page.aliases ?? {}))
      paths!.forEach((from, i) => claims.push({ from, page: page.id, locale, location: page.locate(['aliases', locale, i]) }));
  for (const post of Object.values(content.posts).flat()) {
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
  const rules = source === undefined ? [] : parseRedirectRules({ file: relative(process.cwd(), rulesFile) || rulesFile, source });
  const lockFile = join(siteDir, URL_LOCK_FILE);
  const lockSource = readText(lockFile);
  let mode = options.lock;
  // Its recorded redirects still apply: a deploy of this build must not turn old URLs into 404s.
  let lockSkipped =
    mode === 'off' ? 'urls.lock not written (--no-lock): the redirects it records apply, and a URL that disappeared is a warning, not an error' : undefined;
  if (mode === 'write' && lockSource === undefined && process.env.CI === 'true') {
    mode = 'off';
    lockSkipped = 'urls.lock not written (CI=true and no site/urls.lock): URLs that disappeared are not checked; commit the lock a local build writes';
  }
  const lock = lockSource === undefined ? undefined : parseUrlLock(lockSource, relative(process.cwd(), lockFile) || lockFile);
  const live = liveEntries(options.plan, root);
  const map = buildRedirectMap({
    live,
    aliases: aliasClaims(options.plan, options.content),
    rules,
    ...(mode === 'off' && !lock ? {} : { lock: lock ?? [] }),
    strict: mode === 'write',
  });
  const result: MappedRedirects = { ...map, lockFound: lockSource !== undefined, ...(lockSkipped ? { lockSkipped } : {}) };
  if (mode === 'write' && map.lock) {
    const text = formatUrlLock(map.lock);
    if (text !== lockSource) result.lockText = text;
  }
  return result;
}

/** Puts the next urls.lock in place (renamed, never half-written). */
export function writeUrlLock(siteDir: string, text: string): string {
  const file = join(resolve(siteDir), URL_LOCK_FILE);
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
  return file;
}
