import { invalidUrlLockError } from '../errors/index.ts';

/**
 * One line of site/urls.lock: a URL the site published, the page that made it (page id or post
 * key, and locale, which survive a slug edit or a post moved into a bundle folder) and the last
 * file that made it. `to` is set once the URL no longer is a page: where it now leads, or "gone".
 */
export interface LockEntry {
  path: string;
  page: string;
  locale: string;
  file: string;
  to?: string;
}

export const URL_LOCK_HEADER =
  '# Every URL this site has published, written by `agency-site build`: commit it with the change that made it.\n' +
  '# <path> <page> <locale> <last file that made it> [-> where it leads now, or gone]\n';

/** The lines of urls.lock; comments and blank lines skipped, a malformed line an error at its line. */
export function parseUrlLock(text: string, file: string): LockEntry[] {
  const entries: LockEntry[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const m = /^(\/\S*) (\S+) (\S+) (\S+)(?: -> (\S+))?$/.exec(line);
    if (!m) throw invalidUrlLockError({ file, line: i + 1 }, line);
    entries.push({ path: m[1]!, page: m[2]!, locale: m[3]!, file: m[4]!, ...(m[5] ? { to: m[5] } : {}) });
  });
  return entries;
}

/** Sorted by path, one line each, so a pull request shows every URL change as a line of diff. */
export function formatUrlLock(entries: LockEntry[]): string {
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return URL_LOCK_HEADER + sorted.map((e) => `${e.path} ${e.page} ${e.locale} ${e.file}${e.to ? ` -> ${e.to}` : ''}\n`).join('');
}

export interface LockDiff {
  /** URLs now published that the lock did not hold. */
  added: LockEntry[];
  /** Published before, now made elsewhere by the same page (slug edit): `to` is its new URL. */
  moved: Array<LockEntry & { to: string }>;
  /** Published before, and no page of that id and locale exists any more. */
  removed: LockEntry[];
}

/** A line of a file the site folder publishes at its own path (static/, or beside markdown under /files/): no page to alias it. */
export const isFileEntry = (e: { page: string }) => e.page.startsWith('file:');

const pageKey = (e: { page: string; locale: string }) => `${e.page}\0${e.locale}`;
/** A list page's later pages (`blog:page:3`) lead to the list itself when they disappear. */
const parentPage = (page: string) => /^(.+):page:\d+$/.exec(page)?.[1];

/** What changed between the lock and the pages this build makes; pure. */
export function diffUrlLock(previous: LockEntry[], live: LockEntry[]): LockDiff {
  const livePaths = new Set(live.map((e) => e.path));
  const before = new Set(previous.map((e) => e.path));
  const byPage = new Map(live.map((e) => [pageKey(e), e.path]));
  const moved: LockDiff['moved'] = [];
  const removed: LockEntry[] = [];
  for (const entry of previous) {
    if (livePaths.has(entry.path)) continue;
    const parent = parentPage(entry.page);
    const to = byPage.get(pageKey(entry)) ?? (parent ? byPage.get(pageKey({ page: parent, locale: entry.locale })) : undefined);
    if (to) moved.push({ ...entry, to });
    else removed.push(entry);
  }
  return { added: live.filter((e) => !before.has(e.path)), moved, removed };
}
