import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  cachedPageDamagedWarning,
  cacheResetWarning,
  messageMissingEverywhereWarning,
  missingTemplateImageError,
  missingTemplateMessageError,
  rawHtmlRemovedWarning,
  templateLinkToMissingPageWarning,
  unknownFenceLanguageWarning,
  type BuildWarning,
  type SourceLocation,
} from '../errors/index.ts';
import { displayPath } from '../node/display-path.ts';
import { locateIslandError } from './island-location.ts';
import type { PlannedPage, SitePlan } from '../plan/index.ts';
import { pageCacheFile, pageCacheKey, setupCacheKey, templateCacheKey } from './page-cache.ts';
import { readPageIndex, writePageIndex, type PageIndex, type PageRecord } from './render-findings.ts';
import { readsKey } from './record-reads.ts';
import type { RenderJob } from './render-job.ts';
import type { RenderSetup } from './render-page.ts';
import { renderJobs } from './render-pool.ts';

/** A planned page and where its rendered files are in the page cache. */
export interface RenderedEntry {
  page: PlannedPage;
  /** The key of the page's own inputs; `key` adds the values of what it read of the shared data. */
  baseKey: string;
  key: string;
}

export interface RenderStepResult {
  all: RenderedEntry[];
  rendered: number;
  parsedMarkdown: number;
  setupKey: string;
  /** What each base key's last render read: the pages' edges in the dependency graph. */
  reads: PageIndex['reads'];
  /** The page index as written, for the next build of the same process. */
  index: PageIndex;
  /** Stale cache, damaged pages, markdown that lost something, messages and links not found. */
  warnings: BuildWarning[];
  /** Saves the page index (when `deferSave`): watch calls it after the browser was told. */
  save?: () => void;
}

/** The last build's entries, and the pages a change may have affected (`classifyChange`): the others keep their keys. */
export interface RenderReuse {
  /** The last build's entry of the page at `outFile`, the `at`th of this build's plan. */
  entryOf: (outFile: string, at: number) => RenderedEntry | undefined;
  only: ReadonlySet<string>;
  /** Entries from a saved graph (not this process's last build): check their cached files still match. */
  verify?: boolean;
}

/**
 * Keys every planned page (or only those `reuse.only` names), renders those not in the page cache,
 * and turns render findings into warnings. A page's key is its base key plus the values of what its
 * last render read; a page never rendered with this base key is rendered, and its reads recorded.
 */
export async function renderPlannedPages(options: {
  plan: SitePlan;
  setup: RenderSetup;
  /** Page template → the key of the code its render runs (compile-templates.ts). */
  templateKeys: Record<string, string>;
  cacheDir: string;
  /** Where a missing image's path is looked up, so the error points at the template line. */
  templatesDir: string;
  workers?: number;
  /** Once this settles, this thread renders too (render-pool.ts). */
  joinAfter?: Promise<unknown>;
  reuse?: RenderReuse;
  /** The page index as the last build of this process left it (watch), instead of reading it again. */
  index?: PageIndex;
  /** Watch: the index is saved by the returned `save`, once the browser was told (this process keeps it in memory). */
  deferSave?: boolean;
}): Promise<RenderStepResult> {
  const { setup, cacheDir, reuse } = options;
  const warnings: BuildWarning[] = [];
  const setupKey = setupCacheKey(setup);
  const templateKeys = new Map<string, string>();
  const templateKey = (template: string) =>
    templateKeys.get(template) ?? templateKeys.set(template, templateCacheKey(setup, options.templateKeys[template] ?? '', template)).get(template)!;
  // Each page key's record, and what each base key read: the last build's, never written to (a
  // watch session's state stays as it was), and what this build renders, in `fresh`. Copying the
  // last index instead cost ~6 ms a save at 2,000 posts per locale.
  const index = options.index ?? readPageIndex(cacheDir);
  const fresh: PageIndex = { pages: new Map(), reads: new Map(), slotValues: {} };
  if (index.problem) warnings.push(cacheResetWarning(`cache: ${index.problem}; every page is rendered again`));
  const { pages, reads, slotValues } = index;
  const jobs: RenderJob[] = [];
  const pending = new Map<string, RenderedEntry>();
  let damaged = 0;
  const all = options.plan.pages.map((page, at): RenderedEntry => {
    const kept = reuse && !reuse.only.has(page.outFile) ? reuse.entryOf(page.outFile, at) : undefined;
    // The last build's entry itself when it names the same page object (entries are never changed once made).
    if (kept && !reuse!.verify) return kept.page === page ? kept : { ...kept, page };
    const keptRecord = kept && pages.get(kept.key);
    if (kept && keptRecord && cachedState(cacheDir, keptRecord) === 'cached') return { ...kept, page };
    const baseKey = pageCacheKey(page, setupKey, templateKey(page.template));
    const read = reads.get(baseKey);
    const key = read ? readsKey(baseKey, setup.shared[page.locale]!, read) : '';
    const record = key ? pages.get(key) : undefined;
    const state = record && slotValues[record.slots] ? cachedState(cacheDir, record) : 'missing';
    const entry = { page, baseKey, key };
    if (state !== 'cached') {
      jobs.push({ page, baseKey });
      pending.set(baseKey, entry);
    }
    if (state === 'damaged') damaged++;
    return entry;
  });
  if (damaged)
    warnings.push(
      cachedPageDamagedWarning(`cache: ${damaged} cached page${damaged > 1 ? 's' : ''} did not match what was recorded at render time; rendered again`),
    );
  const result = await renderJobs(jobs, {
    setup,
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
    ...(options.joinAfter ? { joinAfter: options.joinAfter } : {}),
    onResults: (results) =>
      results.forEach((r) => {
        pending.get(r.baseKey)!.key = r.key;
        fresh.reads.set(r.baseKey, r.reads);
        fresh.slotValues[setup.slots.key] = setup.slots.values;
        const found = r.missingMessages.length || r.missingRoutes.length || r.missingImages.length || r.markdown;
        fresh.pages.set(r.key, {
          sizes: r.islandsDataBytes === undefined ? [r.htmlBytes, r.pageDataBytes] : [r.htmlBytes, r.pageDataBytes, r.islandsDataBytes],
          files: r.files,
          slots: setup.slots.key,
          at: r.slots,
          ...(found
            ? { findings: { messages: r.missingMessages, routes: r.missingRoutes, images: r.missingImages, ...(r.markdown ? { markdown: r.markdown } : {}) } }
            : {}),
        });
      }),
  }).catch((error: unknown) => {
    throw locateIslandError(error, options.templatesDir);
  });
  const missing = new Map<string, PlannedPage>();
  const missingRoutes = new Set<string>();
  const missingImages = new Map<string, PlannedPage>();
  // A file and line is told once however many pages show it; an unknown language once per build.
  const markdownWarnings = new Map<string, BuildWarning>();
  // What the next build needs: the records of this build's pages only.
  const written: PageIndex = { pages: new Map(), reads: new Map(), slotValues: {} };
  for (const { page, baseKey, key } of all) {
    const record = fresh.pages.get(key) ?? pages.get(key);
    const read = fresh.reads.get(baseKey) ?? reads.get(baseKey);
    if (read) written.reads.set(baseKey, read);
    if (!record) continue;
    written.pages.set(key, record);
    written.slotValues[record.slots] = fresh.slotValues[record.slots] ?? slotValues[record.slots]!;
    const found = record.findings;
    if (!found) continue;
    found.messages.forEach((k) => missing.has(k) || missing.set(k, page));
    found.routes.forEach((k) => missingRoutes.add(k));
    found.images?.forEach((src) => missingImages.has(src) || missingImages.set(src, page));
    for (const w of found.markdown?.warnings ?? []) {
      const text = `${displayPath(found.markdown!.file)}:${w.line}: ${w.message}`;
      const once = w.once ?? text;
      // Only an unknown fence language is said once per build (raw HTML: once per file and line).
      if (!markdownWarnings.has(once)) markdownWarnings.set(once, w.once ? unknownFenceLanguageWarning(text) : rawHtmlRemovedWarning(text));
    }
  }
  // Unless deferred, remembered before failing, so the next build (pages now cached) fails the same way.
  const deferred = options.deferSave && !missingImages.size;
  if (!deferred) writePageIndex(cacheDir, written);
  const locateInTemplates = templateLocator(options.templatesDir);
  const [image] = missingImages;
  if (image) throw missingTemplateImageError(locateInTemplates(image[0]) ?? image[1].source, image[0], image[1].path);
  warnings.push(...markdownWarnings.values());
  for (const [key, page] of missing) {
    // A key written in a template is a typo or a message never added: visitors would read the key.
    // One computed at render time (from page data) cannot be placed on a line, and stays a warning.
    const inTemplate = locateInTemplates(key);
    if (inTemplate) throw missingTemplateMessageError(inTemplate, key, page.path);
    warnings.push(messageMissingEverywhereWarning(`message "${key}" is missing in every locale; pages show the key itself`));
  }
  for (const route of missingRoutes) {
    const [locale, id] = route.split(':');
    warnings.push(
      templateLinkToMissingPageWarning(
        `${locale}: a template links to page "${id}", which does not exist (no site/pages/${id}.yaml with a ${locale} slug); the link points home`,
      ),
    );
  }
  const save = () => writePageIndex(cacheDir, written);
  return {
    all,
    rendered: jobs.length,
    parsedMarkdown: result.parsedMarkdown,
    setupKey,
    reads: written.reads,
    index: written,
    warnings,
    ...(deferred ? { save } : {}),
  };
}

/** A page is taken from the cache only when each of its files is there with the size recorded at render time. */
function cachedState(cacheDir: string, record: PageRecord): 'cached' | 'missing' | 'damaged' {
  // A record naming no files (an index edited by hand) has nothing to take.
  if (!Array.isArray(record.files)) return 'missing';
  let found = 0;
  let intact = true;
  record.files.forEach((hash, at) => {
    const stats = statSync(pageCacheFile(cacheDir, hash!, at), { throwIfNoEntry: false });
    if (stats) found++;
    if (stats?.size !== record.sizes[at]) intact = false;
  });
  return intact ? 'cached' : found ? 'damaged' : 'missing';
}

/**
 * Finds the first template line that names a text in quotes: where a literal image path or message
 * key was written. The templates are read once, on the first question: a site with ten keys missing
 * everywhere read its 53 template files ten times in every build.
 */
function templateLocator(templatesDir: string): (text: string) => SourceLocation | undefined {
  let files: { file: string; lines: string[] }[] | undefined;
  return (text) => {
    files ??= (readdirSync(templatesDir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.tsx') || f.endsWith('.ts'))
      .sort()
      .map((file) => ({ file, lines: readFileSync(join(templatesDir, file), 'utf8').split('\n') }));
    for (const { file, lines } of files)
      for (let i = 0; i < lines.length; i++) {
        const column = ['"', "'", '`'].map((q) => lines[i]!.indexOf(q + text + q)).find((c) => c >= 0);
        if (column !== undefined) return { file: displayPath(join(templatesDir, file)), line: i + 1, column: column + 2 };
      }
    return undefined;
  };
}
