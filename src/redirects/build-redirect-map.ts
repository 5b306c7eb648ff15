import { invalidRedirectError, redirectConflictError, urlDisappearedError, type SourceLocation } from '../errors/index.ts';
import { normalizePath, type RedirectRule, type RedirectTarget } from './redirect-rules.ts';
import { diffUrlLock, type LockDiff, type LockEntry } from './url-lock.ts';

/** One entry of the map every host applies: `from` an old path or a `/prefix/*` splat. */
export interface Redirect {
  from: string;
  /** A path (`:splat` filled from the match) or an https:// URL; absent for 410 Gone. */
  to?: string;
  status: 301 | 410;
}

/** An old path a page declares under `aliases:` (page YAML per locale, or a post's front matter). */
export interface AliasClaim {
  from: string;
  page: string;
  locale: string;
  location: SourceLocation;
}

export interface RedirectMapInput {
  /** The pages this build makes, as lock lines. */
  live: LockEntry[];
  aliases: AliasClaim[];
  rules: RedirectRule[];
  /** site/urls.lock; undefined when the build runs without it (`--no-lock`). */
  lock?: LockEntry[];
  /**
   * False where the lock is read but never written (`serve --watch`, builds in memory): a lost
   * URL is returned in `lost` for a warning, as the `build` that writes the lock refuses it.
   */
  strict?: boolean;
}

export interface RedirectMap {
  /** Exact paths sorted, then splats longest first: the order every host matches in. */
  redirects: Redirect[];
  /** Automatic redirects new in this build: old URLs of the lock whose page now lives elsewhere (the map holds the earlier ones too). */
  moved: LockDiff['moved'];
  /** The next urls.lock (undefined without a lock). */
  lock?: LockEntry[];
  /** Aliases or redirects naming a path a page makes: the page wins; `check` reports them. */
  shadowed: Array<{ from: string; location: SourceLocation }>;
  /** Locked URLs no page makes and nothing redirects (only when not strict; else an error). */
  lost: LockEntry[];
  /** Where each alias or redirects.yaml entry is written, by its `from` (automatic ones are the lock's). */
  sources: Record<string, SourceLocation>;
}

interface Claim {
  from: string;
  target?: RedirectTarget;
  location: SourceLocation;
  field: string;
}

const isSplat = (from: string) => from.endsWith('/*');
const external = (to: string) => /^[a-z][a-z0-9+.-]*:/i.test(to);

/**
 * The redirect map from aliases, site/redirects.yaml and the lock, pure: conflicts, loops,
 * insecure targets and splats over real pages are errors; chains are collapsed to their end; a
 * locked URL no page makes fails the build unless something says where it went.
 */
export function buildRedirectMap(input: RedirectMapInput): RedirectMap {
  const livePaths = new Set(input.live.map((e) => e.path));
  const byPage = new Map(input.live.map((e) => [`${e.page}\0${e.locale}`, e.path]));
  const claims = new Map<string, Claim>();
  const shadowed: RedirectMap['shadowed'] = [];
  const claim = (c: Claim) => {
    const other = claims.get(c.from);
    if (other) throw redirectConflictError(c.from, other.location, c.location);
    if (livePaths.has(c.from)) shadowed.push({ from: c.from, location: c.location });
    else claims.set(c.from, c);
  };
  for (const a of input.aliases) claim({ from: normalizePath(a.from), target: { page: a.page, locale: a.locale }, location: a.location, field: 'aliases' });
  for (const r of input.rules) claim({ from: normalizePath(r.from), ...(r.to !== undefined ? { target: r.to } : {}), location: r.location, field: r.field });

  // Each claim's first hop, checked.
  const first = new Map<string, Redirect>();
  for (const c of claims.values()) {
    if (isSplat(c.from)) {
      const prefix = c.from.slice(0, -1);
      const captured = input.live.find((e) => e.path.startsWith(prefix));
      if (captured)
        throw invalidRedirectError(
          c.location,
          `${c.field}.from`,
          `${c.from} would also capture ${captured.path}, a page made by ${captured.file}.`,
          'Narrow the splat to the old URLs only, or list them one by one.',
        );
    }
    first.set(c.from, { from: c.from, ...hopOf(c, byPage) });
  }
  checkSplatLoops(first, claims);

  // The lock: URLs published before that no page makes now.
  let moved: LockDiff['moved'] = [];
  let lost: LockEntry[] = [];
  if (input.lock) {
    const diff = diffUrlLock(input.lock, input.live);
    const covered = (path: string) => first.has(path) || [...first.keys()].some((f) => isSplat(f) && path.startsWith(f.slice(0, -1)));
    const automatic = diff.moved.filter((m) => !covered(m.path));
    for (const m of automatic) first.set(m.path, { from: m.path, to: m.to, status: 301 });
    // Reported once: the lock line already saying where it leads means an earlier build said so.
    const said = new Map(input.lock.map((e) => [e.path, e.to]));
    moved = automatic.filter((m) => said.get(m.path) !== m.to);
    lost = diff.removed.filter((e) => !covered(e.path));
    if (lost.length && input.strict !== false) throw urlDisappearedError(lost);
  }

  const redirects = [...first.values()].map((r) => collapse(r, first, claims));
  redirects.sort(
    (a, b) => Number(isSplat(a.from)) - Number(isSplat(b.from)) || (isSplat(a.from) ? b.from.length - a.from.length : 0) || (a.from < b.from ? -1 : 1),
  );

  const sources = Object.fromEntries([...claims.values()].map((c) => [c.from, c.location]));
  const map: RedirectMap = { redirects, moved, shadowed, lost, sources };
  if (input.lock) {
    const final = new Map(redirects.map((r) => [r.from, r]));
    const kept = input.lock
      .filter((e) => !livePaths.has(e.path))
      .map((e) => {
        const hit = final.get(e.path) ?? matchRedirect(redirects, e.path);
        const { to: _old, ...entry } = e;
        return { ...entry, ...(hit ? { to: hit.status === 410 ? 'gone' : hit.to! } : {}) };
      });
    map.lock = [...input.live, ...kept];
  }
  return map;
}

function hopOf(c: Claim, byPage: Map<string, string>): Omit<Redirect, 'from'> {
  if (c.target === undefined) return { status: 410 };
  if (typeof c.target === 'object') {
    const to = byPage.get(`${c.target.page}\0${c.target.locale}`);
    if (!to)
      throw invalidRedirectError(
        c.location,
        `${c.field}.to`,
        `No page "${c.target.page}" is published in ${c.target.locale}.`,
        'Name a page by its file name in site/pages/ (or "post:<translationKey>") and a locale it has a slug in.',
      );
    return { to, status: 301 };
  }
  if (external(c.target)) {
    if (!c.target.startsWith('https://'))
      throw invalidRedirectError(c.location, `${c.field}.to`, `${c.target} is not an https:// URL; visitors would leave the site unencrypted.`);
    return { to: c.target, status: 301 };
  }
  if (!c.target.startsWith('/'))
    throw invalidRedirectError(c.location, `${c.field}.to`, `"${c.target}" is neither a path starting with "/" nor an https:// URL.`);
  if (c.target.includes(':splat') && !isSplat(c.from))
    throw invalidRedirectError(c.location, `${c.field}.to`, `${c.target} uses :splat but ${c.from} does not end with "/*".`);
  return { to: c.target.includes(':splat') ? c.target : normalizePath(c.target), status: 301 };
}

/** Follows a redirect's target through the map to where it ends: a page, a file, a URL, or gone. */
function collapse(r: Redirect, map: Map<string, Redirect>, claims: Map<string, Claim>): Redirect {
  let current = r;
  const seen = [r.from];
  while (current.to && !external(current.to) && !current.to.includes(':splat')) {
    const next = map.get(current.to) ?? matchRedirect([...map.values()], current.to);
    if (!next) break;
    const nextTarget = next.to?.includes(':splat') ? fillSplat(next, current.to) : next.to;
    if (seen.includes(next.from) || (nextTarget !== undefined && seen.includes(nextTarget))) {
      const claim = claims.get(r.from) ?? claims.get(next.from);
      const chain = seen.includes(next.from) ? [...seen, next.from] : [...seen, next.from, nextTarget!];
      throw invalidRedirectError(
        claim?.location ?? { file: 'site/redirects.yaml' },
        claim ? `${claim.field}.to` : 'to',
        `Redirects go round in a loop: ${chain.join(' → ')}.`,
        'Make one of them lead to a page.',
      );
    }
    seen.push(next.from);
    current = { from: r.from, status: next.status, ...(nextTarget !== undefined ? { to: nextTarget } : {}) };
  }
  return { ...current, from: r.from };
}

/**
 * A splat whose target falls under a splat again (itself, or one leading back to it) sends every
 * request round for ever, one level deeper each time: `collapse` cannot see it, as the path is
 * only known per request. Followed from the target's fixed part to the splat that covers it.
 */
function checkSplatLoops(first: Map<string, Redirect>, claims: Map<string, Claim>): void {
  const splats = [...first.values()].filter((r) => isSplat(r.from) && r.to?.includes(':splat'));
  const prefix = (r: Redirect) => r.from.slice(0, -1);
  for (const start of splats) {
    const seen = [start.from];
    for (let current = start; ;) {
      const head = current.to!.slice(0, current.to!.indexOf(':splat'));
      const next = splats.filter((s) => head.startsWith(prefix(s))).sort((a, b) => b.from.length - a.from.length)[0];
      if (!next) break;
      if (seen.includes(next.from)) {
        const claim = claims.get(start.from)!;
        throw invalidRedirectError(
          claim.location,
          `${claim.field}.to`,
          `Redirects go round in a loop: ${[...seen, next.from].join(' → ')}; every path under ${prefix(start)} would be sent back under it.`,
          "Make one of them lead outside the other's folder, or to a page.",
        );
      }
      seen.push(next.from);
      current = next;
    }
  }
}

function fillSplat(r: Redirect, path: string): string {
  return r.to!.replace(':splat', path.slice(r.from.length - 1));
}

/**
 * The redirect a request path takes, if any: exact first (with or without its trailing slash),
 * then the longest splat. The same rule the CloudFront Function and serve apply.
 */
export function matchRedirect(redirects: readonly Redirect[], path: string): Redirect | undefined {
  const normal = normalizePath(path);
  for (const r of redirects) if (!isSplat(r.from) && r.from === normal) return r;
  for (const r of redirects) {
    if (!isSplat(r.from) || !path.startsWith(r.from.slice(0, -1))) continue;
    return r.to?.includes(':splat') ? { ...r, to: fillSplat(r, path) } : r;
  }
  return undefined;
}
