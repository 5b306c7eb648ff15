import { watch } from 'chokidar';
import type { BuildReport } from '../build/index.ts';
import { affectedBy, reloadKind, type ChangeKind } from './affected-by.ts';
import type { DevEvent } from './dev-events.ts';

export interface WatchSiteOptions {
  siteDir: string;
  templatesDir: string;
  localesDir: string;
  /** Rebuilds the site after these files changed; the build re-renders only what they affect. */
  build: (changed: string[]) => Promise<BuildReport>;
  send: (event: DevEvent) => void;
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
  const pending = new Map<string, ChangeKind>();
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const watcher = watch([options.siteDir, options.templatesDir, options.localesDir], {
    ignoreInitial: true,
    // Editors save in several steps; wait until the file stops changing for a moment.
    awaitWriteFinish: { stabilityThreshold: 20, pollInterval: 10 },
  });

  const onChange = (path: string) => {
    const kind = affectedBy(path, dirs);
    if (kind === 'ignored') return;
    pending.set(path, kind);
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), 10);
  };
  watcher.on('add', onChange).on('change', onChange).on('unlink', onChange);

  async function flush(): Promise<void> {
    if (running) {
      await running;
      if (pending.size) return flush();
      return;
    }
    const changes = new Map(pending);
    pending.clear();
    if (!changes.size) return;
    running = (async () => {
      options.send({ type: 'building' });
      try {
        const report = await options.build([...changes.keys()]);
        const kind = reloadKind([...changes.values()]);
        if (kind === 'css' && report.stylesheets[0]) options.send({ type: 'css', href: report.stylesheets[0] });
        else if (kind !== 'none') options.send({ type: 'reload' });
        options.onBuilt?.(report, [...changes.keys()]);
      } catch (error) {
        options.send({ type: 'error', message: options.onFailed?.(error) ?? String(error) });
      }
    })();
    await running;
    running = undefined;
    if (pending.size) await flush();
  }

  return {
    ready: new Promise<void>((resolve) => watcher.once('ready', () => resolve())),
    close: () => watcher.close(),
  };
}
