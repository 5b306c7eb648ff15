import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { projectPath, type FileChange } from '../graph/index.ts';
import { runBuild } from './pipeline.ts';
import { projectDirsOf, type BuildOptions, type BuildState } from './build-state.ts';
import type { BuildReport } from './report.ts';

/**
 * A build that remembers its state between runs, for `serve --watch`: each rebuild is the same
 * pipeline as `build`, given the last build's state and the files that changed, so it starts at
 * the stages those files reach and keys again only the pages their graph edges lead to.
 */
export function createBuildSession(options: BuildOptions) {
  let state: BuildState | undefined;
  const dirs = projectDirsOf(options);
  let unbuilt: string[] = [];
  let pending: Promise<void> | undefined;

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
      // After the session's first build out/ is ours: later builds change only the files that differ.
      await pending;
      // site/urls.lock is applied, never written: only \`build\` records what was published.
      const session = { lock: 'read' as const, ...options };
      const result = await runBuild(
        state ? { ...session, ...hooks, inPlace: true } : session,
        state && changes.length ? { previous: state, changes } : undefined,
      );
      state = result.state;
      unbuilt = [];
      // The graph is saved once the reload is on its way (a later \`build\` needs it; this session has it in memory).
      if (result.persist) pending = new Promise<void>((done) => setImmediate(() => done(result.persist!()))).catch(() => undefined);
      return result.report;
    },
  };
}

/** Whether the last build read this file (a post, a page, a collection), so a save of it is a change, not an addition. */
function isSource(state: BuildState, rel: string, file: string): boolean {
  if (rel.startsWith('locales/') || rel.startsWith('templates/') || !rel.endsWith('.md')) return true;
  return Object.values(state.graph.pages).some((node) => node.sources.includes(rel)) || state.content.drafts.some((d) => d.markdown.path === file);
}
