import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pagesReading, projectPath, type FileChange } from '../graph/index.ts';
import { runBuild } from './pipeline.ts';
import { projectDirsOf, type BuildOptions, type BuildState } from './build-state.ts';
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
 * caches reach disk once the saves pause (a later `build` reads them), or on `flush()`.
 */
export function createBuildSession(options: BuildOptions) {
  let state: BuildState | undefined;
  const dirs = projectDirsOf(options);
  let unbuilt: string[] = [];
  let unsaved: { persist: () => void; since: number } | undefined;
  let timer: NodeJS.Timeout | undefined;

  /** Writes the last rebuild's caches now. A failure to save loses only cache: the next build does more work. */
  const flush = () => {
    clearTimeout(timer);
    const save = unsaved;
    unsaved = undefined;
    try {
      save?.persist();
    } catch {
      // As before: a cache that cannot be written is rebuilt by whichever build next needs it.
    }
  };
  const saveLater = () => {
    if (!unsaved) return;
    timer = setTimeout(flush, Math.max(0, Math.min(SAVE_WHEN_QUIET_MS, unsaved.since + SAVE_AT_MOST_MS - performance.now())));
  };

  return {
    /** Rebuilds after `changed` files (absolute paths); the first call always runs the full build. */
    async build(saved: string[] = [], hooks: Pick<BuildOptions, 'onStylesheet'> = {}): Promise<BuildReport> {
      // Files saved before a failed build are still unbuilt: the next build takes them too.
      const changed = [...new Set([...unbuilt, ...saved])];
      unbuilt = changed;
      const changes: FileChange[] = changed.map((path) => {
        const rel = projectPath(resolve(path), dirs);
        const kind = !existsSync(path) ? 'unlink' : state && isSource(state, rel, resolve(path)) ? 'change' : 'add';
        return { path: rel, kind };
      });
      // This rebuild's own caches will replace the last one's: none is written while it runs.
      clearTimeout(timer);
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
