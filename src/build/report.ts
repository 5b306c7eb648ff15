import type { BuildWarning } from '../errors/index.ts';
import { formatHydration, type HydrationReport } from './hydration-report.ts';
import type { StageTiming } from './task.ts';

export interface BuildReport {
  pagesByLocale: Record<string, number>;
  pages: number;
  /** Pages rendered this time, and pages taken unchanged from the cache. */
  rendered: number;
  fromCache: number;
  parsedMarkdown: number;
  filesWritten: number;
  bytesWritten: number;
  /** out/ already held exactly this build: nothing was written. */
  upToDate: boolean;
  stages: StageTiming[];
  /** Each with its permanent name (src/errors/README.md). */
  warnings: BuildWarning[];
  /** Public paths of the stylesheets pages link (they change name when their content changes). */
  stylesheets: string[];
  /** Gzipped JavaScript: the runtime's first load, each template's chunks on top of it (full hydration), each island's. */
  javascript?: { entryGzip: number; templates: Record<string, number>; islands?: Record<string, number>; formsGzip?: number };
  /** Which pages hydrate only their islands (page-data.islands.json) and which hydrate in full (page-data.json). */
  hydration?: HydrationReport;
  /** site/images: processed now or taken from the cache, bytes in and out; social cards drawn. */
  images?: { processed: number; fromCache: number; sourceBytes: number; outputBytes: number; socialCards: number };
  /** A rebuild after known changes: how many pages they reached (`classifyChange`), and what an open tab does. */
  reached?: number | 'all';
  reload?: 'none' | 'css' | 'page';
  /** The redirect map: how many entries, the old URLs that now lead to their page's new URL, and what became of urls.lock. */
  redirects?: { total: number; automatic: Array<{ from: string; to: string }>; lock: 'written' | 'unchanged' | 'off' };
  durationMs: number;
  outDir: string;
  /** After the build: what the cache held that no page uses any more, removed (cache-sweep.ts). */
  cacheSwept?: { files: number; bytes: number; ms: number };
}

const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`);

export interface RebuildLineOptions {
  verbose?: boolean;
  /** The warnings already printed (`warningKey`): a save prints only those it adds. */
  printed?: ReadonlySet<string>;
}

/** What `serve --watch` prints after a save: one line, the warnings it added, and with --verbose where the time went. */
export function formatRebuild(report: BuildReport, changes: number, options: RebuildLineOptions = {}): string[] {
  const line = `rebuilt in ${Math.round(report.durationMs)} ms (${report.rendered} pages rendered) after ${changes} change${changes > 1 ? 's' : ''}`;
  const lines = options.verbose ? [line, stagesLine(report)] : [line];
  const fresh = report.warnings.filter((w) => !options.printed?.has(warningKey(w)));
  if (fresh.length) lines.push(`  ${fresh.length} new warning${fresh.length > 1 ? 's' : ''}:`, ...warningLines(fresh, options.verbose));
  return lines;
}

/** What makes a warning the same one on the next rebuild. */
export const warningKey = (w: { name: string; text: string }) => `${w.name}\0${w.text}`;

/** A list of warnings, the first 20 unless verbose. */
function warningLines(warnings: readonly BuildReport['warnings'][number][], verbose?: boolean): string[] {
  const shown = verbose ? warnings : warnings.slice(0, 20);
  const lines = shown.map((w) => `  - ${w.text} (${w.name})`);
  if (shown.length < warnings.length) lines.push(`  … ${warnings.length - shown.length} more (--verbose shows all)`);
  return lines;
}

const stagesLine = (report: BuildReport) => '  stages: ' + report.stages.map((s) => `${s.name} ${Math.round(s.ms)} ms`).join(', ');

/** What a cache sweep removed, in a line. */
export const sweptLine = (swept: { files: number; bytes: number; ms: number }) =>
  `cache: removed ${swept.files} file${swept.files === 1 ? '' : 's'} (${kb(swept.bytes)}) that no page uses any more, in ${Math.round(swept.ms)} ms`;

/** The report printed at the end of a build. */
export function formatReport(report: BuildReport, options: { verbose?: boolean } = {}): string {
  const lines: string[] = [];
  const locales = Object.entries(report.pagesByLocale)
    .map(([l, n]) => `${l} ${n}`)
    .join(', ');
  lines.push(`built ${report.pages} pages (${locales}) into ${report.outDir} in ${(report.durationMs / 1000).toFixed(2)} s`);
  lines.push(`  ${report.rendered} rendered, ${report.fromCache} from cache, ${report.parsedMarkdown} markdown files parsed`);
  if (report.reached !== undefined) {
    // Reached means keyed again; only a page whose key changed is rendered.
    const reached = report.reached === 'all' ? report.pages : report.reached;
    const pages = (n: number) => `${n} page${n === 1 ? '' : 's'}`;
    // A change no page reads (site/redirects.yaml, a lock, a file nothing links yet).
    if (reached === 0) lines.push('  the changes affect no page (dependency graph): none was rendered again');
    else
      lines.push(
        `  the changes could affect ${report.reached === 'all' ? `all ${pages(reached)}` : pages(reached)} (dependency graph): ${reached === 1 ? 'it was' : 'each was'} checked again, and ${
          report.rendered === reached ? (reached === 1 ? 'it had' : 'all had') : `${report.rendered} had`
        } changed`,
      );
  }
  lines.push(report.upToDate ? '  output already up to date: nothing written' : `  ${report.filesWritten} files, ${kb(report.bytesWritten)} written`);
  if (report.javascript && report.hydration) lines.push(...formatHydration(report.hydration, report.javascript, kb));
  else if (report.javascript) {
    const { entryGzip, templates } = report.javascript;
    const home = entryGzip + (templates.home ?? 0);
    const largest = Object.entries(templates).sort((a, b) => b[1] - a[1])[0];
    lines.push(
      `  JavaScript (gzip): ${kb(home)} on the home page's first load; runtime ${kb(entryGzip)}; templates ${Object.entries(templates)
        .map(([n, b]) => `${n} ${kb(b)}`)
        .join(', ')}${largest ? ` (largest: ${largest[0]})` : ''}`,
    );
  }
  if (report.images && report.images.processed + report.images.fromCache > 0) {
    const i = report.images;
    lines.push(
      `  images: ${i.processed} processed, ${i.fromCache} from cache; ${kb(i.sourceBytes)} of originals → ${kb(i.outputBytes)} in every width and format; ${i.socialCards} social cards drawn`,
    );
  }
  if (report.redirects && (report.redirects.total || report.redirects.lock === 'written')) {
    const r = report.redirects;
    lines.push(
      `  redirects: ${r.total} (${r.automatic.length} automatic, from site/urls.lock)${r.lock === 'written' ? '; site/urls.lock updated: commit it' : ''}`,
    );
    for (const a of r.automatic) lines.push(`  - ${a.from} → ${a.to} (its page moved)`);
  }
  if (report.cacheSwept?.files) lines.push(`  ${sweptLine(report.cacheSwept)}`);
  lines.push(stagesLine(report));
  if (report.warnings.length) {
    lines.push(`  ${report.warnings.length} warning${report.warnings.length > 1 ? 's' : ''}:`, ...warningLines(report.warnings, options.verbose));
  }
  return lines.join('\n');
}
