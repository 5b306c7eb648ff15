import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pagesReading, projectPath, type FileChange } from '../graph/index.ts';
import { runBuild } from './pipeline.ts';
import { cacheDirOf, projectDirsOf, type BuildOptions, type BuildState } from './build-state.ts';
import { addStored, storedBy, sweepCacheWhenDue, type SweptCache } from './cache-sweep.ts';
import type { BuildReport } from './report.ts';

/**
 * A rebuild's caches (graph, page index, out/'s record) are saved once saves have stopped for this
 * long. Each save is a whole snapshot, so a burst of saves needs only the last; saving after every
 * one held the main thread for 288 ms a save (2,000 posts per locale, a rebuild itself ~440 ms),
 * and the next rebuild waited for it.
 */
const SAVE_WHEN_QUIET_MS = 1000;
/** Saves never wait longer than this after the first unsaved rebuild, so a crash loses little. */
const SAVE_AT_MOST_MS = 10_000;

/**
 * A build that remembers its state between runs, for `serve --watch`: each rebuild is the same
 * pipeline as `build`, given the last build's state and the files that changed, so it starts at
 * the stages those files reach and keys again only the pages their graph edges lead to. Its
 * caches reach disk once the saves pause (a later `build` reads them), or on `flush()`. When the
 * saves pause, the cache is also swept of what no page uses any more, if enough was stored since
 * the last sweep (cache-sweep.ts); the next save stops the sweep before its rebuild starts.
 */
export function createBuildSession(options: BuildOptions, hooks: { onSwept?: (swept: SweptCache) => void } = {}) {
  let state: BuildState | undefined;
  const dirs = projectDirsOf(options);
  const cacheDir = cacheDirOf(options);
  let unbuilt: string[] = [];
  let unsaved: { persist: () => void; since: number } | undefined;
  let timer: NodeJS.Timeout | undefined;
  // Files the builds since the last pause may have stored, and the sweep under way.
  let stored = 0;
  let sweeping: { done: Promise<void>; stop: boolean } | undefined;

  /** Writes the last rebuild's caches now. A failure to save loses only cache: the next build does more work. */
  const flush = () => {
    clearTimeout(timer);
    if (sweeping) sweeping.stop = true;
    const save = unsaved;
    unsaved = undefined;
    try {
      save?.persist();
      if (stored) addStored(cacheDir, stored);
    } catch {
      // As before: a cache that cannot be written is rebuilt by whichever build next needs it.
    }
    stored = 0;
  };
  /** The saves paused: caches saved, then a sweep if one is due (never beside a build: `build` stops it first). */
  const pause = () => {
    const sweep = state && stored ? { state, stored } : undefined;
    stored = 0;
    flush();
    if (!sweep) return;
    const run = { stop: false, done: Promise.resolve() };
    run.done = sweepCacheWhenDue(cacheDir, sweep.state, sweep.stored, () => run.stop)
      .then((swept) => swept && hooks.onSwept?.(swept))
      // A file that cannot be removed stays: the next sweep tries again.
      .catch(() => undefined)
      .finally(() => sweeping === run && (sweeping = undefined));
    sweeping = run;
  };
  const saveLater = () => {
    if (!unsaved && !stored) return;
    const since = unsaved?.since ?? performance.now();
    timer = setTimeout(pause, Math.max(0, Math.min(SAVE_WHEN_QUIET_MS, since + SAVE_AT_MOST_MS - performance.now())));
  };

  return {
    /** Rebuilds after `changed` files (absolute paths); the first call always runs the full build. */
    async build(saved: string[] = [], hooks: Pick<BuildOptions, 'onStylesheet' | 'openPages' | 'onOpenPagesReady'> = {}): Promise<BuildReport> {
      // Files saved before a failed build are still unbuilt: the next build takes them too.
      const changed = [...new Set([...unbuilt, ...saved])];
      unbuilt = changed;
      const changes: FileChange[] = changed.map((path) => {
        const rel = projectPath(resolve(path), dirs);
        const kind = !existsSync(path) ? 'unlink' : state && isSource(state, rel, resolve(path)) ? 'change' : 'add';
        return { path: rel, kind };
      });
      // This rebuild's own caches will replace the last one's: none is written while it runs,
      // and no sweep runs beside it (it could remove a file this build finds and keeps).
      clearTimeout(timer);
      if (sweeping) {
        sweeping.stop = true;
        await sweeping.done;
      }
      // After the session's first build out/ is ours: later builds change only the files that differ.
      // site/urls.lock is applied, never written: only \`build\` records what was published.
      const session = { lock: 'read' as const, ...options };
      const result = await runBuild(
        state ? { ...session, ...hooks, inPlace: true } : session,
        state && changes.length ? { previous: state, changes } : undefined,
      ).catch((error: unknown) => {
        // A failed rebuild leaves the last good state, whose caches are still to be saved.
        saveLater();
        throw error;
      });
      state = result.state;
      stored += storedBy(result.report);
      unbuilt = [];
      // Saved once the reload is on its way and the saves pause (a later \`build\` needs them; this session has them in memory).
      if (result.persist) unsaved = { persist: result.persist, since: unsaved?.since ?? performance.now() };
      saveLater();
      return result.report;
    },
    /** Saves the last rebuild's caches now: `serve` calls it when it stops. */
    flush,
  };
}

/** Whether the last build read this file (a post, a page, a collection), so a save of it is a change, not an addition. */
function isSource(state: BuildState, rel: string, file: string): boolean {
  if (rel.startsWith('locales/') || rel.startsWith('templates/') || !rel.endsWith('.md')) return true;
  return pagesReading(state.graph, rel).length > 0 || state.content.drafts.some((d) => d.markdown.path === file);
}
