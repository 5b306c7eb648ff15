import type { BuildOptions, BuildReport } from '../build/index.ts';
import { classifyChange, projectPath } from '../graph/index.ts';
import { outFileOfPath } from '../shared/locale-path.ts';
import type { DevEvent } from './dev-events.ts';
import { watchFiles } from './file-watcher.ts';

/** A burst of saves (an editor's truncate, write, rename) ends after this long without an event: then one rebuild. */
const QUIET_MS = 15;

export interface WatchSiteOptions {
  siteDir: string;
  templatesDir: string;
  localesDir: string;
  /** Rebuilds the site after these files changed; the build re-renders only what they affect. */
  build: (changed: string[], hooks: Pick<BuildOptions, 'onStylesheet' | 'openPages' | 'onOpenPagesReady'>) => Promise<BuildReport>;
  /** To every open tab, or to those whose page (a URL path) `to` accepts. */
  send: (event: DevEvent, to?: (page: string) => boolean) => void;
  /** The URL paths open in a tab: a rebuild that reaches many pages renders these first. */
  openPages?: () => string[];
  onBuilt?: (report: BuildReport, changed: string[]) => void;
  onFailed?: (error: unknown) => string;
}

/**
 * Watches site/, templates/ and locales/; after each burst of saves, one rebuild, then the open
 * pages reload (or swap their stylesheet). A failed build keeps the last good out/ and shows
 * the error in the browser.
 */
export function watchSite(options: WatchSiteOptions) {
  const dirs = { siteDir: options.siteDir, templatesDir: options.templatesDir, localesDir: options.localesDir };
  const pending = new Set<string>();
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const onChange = (path: string) => {
    // The same classification the build makes; a file it ignores (an editor's swap file) starts no build.
    if (classifyChange([{ path: projectPath(path, dirs), kind: 'change' }], undefined).reload === 'none') return;
    pending.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), QUIET_MS);
  };
  const watcher = watchFiles([options.siteDir, options.templatesDir, options.localesDir], (_kind, path) => onChange(path));

  async function flush(): Promise<void> {
    if (running) {
      await running;
      if (pending.size) return flush();
      return;
    }
    const changes = [...pending];
    pending.clear();
    if (!changes.length) return;
    running = (async () => {
      options.send({ type: 'building' });
      // Node corks a response until this turn's ticks run: without a yield, the frame waited for the
      // rebuild's first pause (40–60 ms into a post save at 2,000 posts per locale).
      await Promise.resolve();
      try {
        // A new stylesheet reaches open tabs as soon as it is in out/, before the pages naming it are rendered.
        let swapped: string | undefined;
        const onStylesheet = (href: string) => {
          swapped = href;
          options.send({ type: 'css', href });
        };
        // Tabs whose page the build put in out/ before the rest: they reload then, and not again at the end.
        // A stream that named no page (a tool) is on none of them.
        let first: Set<string> | undefined;
        const isFirst = (page: string) => page !== '' && first!.has(outFileOfPath(page));
        const onOpenPagesReady = (outFiles: string[]) => {
          first = new Set(outFiles);
          options.send({ type: 'reload' }, isFirst);
        };
        const report = await options.build(changes, { onStylesheet, ...(options.openPages ? { openPages: options.openPages, onOpenPagesReady } : {}) });
        // What the build's classification decided (the first build of a session knows no changes: reload).
        const reload = report.reload ?? 'page';
        if (reload === 'css' && report.stylesheets[0]) {
          if (report.stylesheets[0] !== swapped) options.send({ type: 'css', href: report.stylesheets[0] });
        } else if (reload !== 'none') options.send({ type: 'reload' }, first && ((page) => !isFirst(page)));
        options.send({ type: 'built', ms: Math.round(report.durationMs) });
        options.onBuilt?.(report, changes);
      } catch (error) {
        options.send({ type: 'error', message: options.onFailed?.(error) ?? String(error) });
      }
    })();
    await running;
    running = undefined;
    if (pending.size) await flush();
  }

  return {
    ready: watcher.ready,
    close: () => watcher.close(),
  };
}
