import { readdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { cacheIsOurs } from '../build/cache-marker.ts';
import { loadSiteConfig, type SiteConfig } from '../config/index.ts';
import { loadContent, type Content } from '../content/index.ts';
import { loadMessages } from '../i18n/index.ts';
import { planSite } from '../plan/index.ts';
import { collectPieces } from './collect-pieces.ts';
import { readGitHistory } from './git-history.ts';
import { markOutdated } from './mark-outdated.ts';
import type { LocaleSummary, PieceDraft, PieceStatus, TranslationPiece, TranslationStatus } from './types.ts';

export interface CollectTranslationStatusOptions {
  siteDir: string;
  /** Default: `locales/` beside the site folder. */
  localesDir?: string;
  /** Default: `templates/` beside the site folder (its page templates name the pages the plan makes). */
  templatesDir?: string;
  /** Seconds since the epoch; tests fix it. */
  now?: number;
  /** Already loaded by the caller (`check`, `serve --watch`). */
  loaded?: { config: SiteConfig; content: Content; urls?: Map<string, string> };
}

/** Every piece per locale, outdated ones found in git history; without git, only what is missing. */
export async function collectTranslationStatus(options: CollectTranslationStatusOptions): Promise<TranslationStatus> {
  const siteDir = resolve(options.siteDir);
  const root = dirname(siteDir);
  const localesDir = resolve(options.localesDir ?? join(root, 'locales'));
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const historyRead = readGitHistory({ cwd: siteDir, paths: [siteDir, localesDir] });
  const config = options.loaded?.config ?? (await loadSiteConfig({ siteDir }));
  // The build's cache of parsed posts, read and never written: the status costs a fraction after a build.
  const cacheDir = join(root, '.cache');
  const cache = cacheIsOurs(cacheDir, { name: config.settings.name, locales: config.locales }) ? { cacheDir, cacheReadOnly: true } : {};
  const content = options.loaded?.content ?? (await loadContent({ siteDir, config, ...cache }));
  const messagePaths = Object.fromEntries(config.locales.map((l) => [l, join(localesDir, `${l}.yaml`)]));
  const urls =
    options.loaded?.urls ?? (await pageUrls({ config, content, localesDir, templatesDir: resolve(options.templatesDir ?? join(root, 'templates')) }));
  const pieces = collectPieces({ config, content, siteDir, messagePaths, urls });
  const history = await historyRead;
  if (history) {
    try {
      await markOutdated(pieces, history, now);
    } finally {
      history.close();
    }
  }
  return {
    git: history !== undefined,
    generatedAt: new Date(now * 1000).toISOString(),
    locales: summarize(config, pieces),
    pieces: sortPieces(pieces.map(({ compare: _compare, ...piece }) => piece)),
  };
}

/** URL path per post file and per `<page id> <locale>`, from the same plan the build makes. */
export async function pageUrls(options: { config: SiteConfig; content: Content; localesDir: string; templatesDir: string }): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  const [messages, templates] = await Promise.all([
    loadMessages({ localesDir: options.localesDir, config: options.config }),
    readdir(join(options.templatesDir, 'pages')).then(
      (names) => names.filter((n) => n.endsWith('.tsx')).map((n) => basename(n, '.tsx')),
      () => undefined,
    ),
  ]);
  if (!templates) return urls;
  let plan;
  try {
    plan = planSite({ config: options.config, content: options.content, messages, templates });
  } catch {
    // A site the build would refuse still has a translation status; it only lacks links.
    return urls;
  }
  for (const page of plan.pages) {
    if (page.id.startsWith('post:') && page.markdown) urls.set(page.markdown.path, page.path);
    else if (!urls.has(`${page.id} ${page.locale}`)) urls.set(`${page.id} ${page.locale}`, page.path);
  }
  return urls;
}

const STATUS_ORDER: Record<PieceStatus, number> = { outdated: 0, missing: 1, unused: 2, translated: 3 };

/** Most urgent first: outdated longest, then the most words to translate. */
export function sortPieces<T extends TranslationPiece>(pieces: T[]): T[] {
  return pieces.sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      (b.aheadDays ?? 0) - (a.aheadDays ?? 0) ||
      b.words - a.words ||
      a.locale.localeCompare(b.locale) ||
      a.id.localeCompare(b.id),
  );
}

function summarize(config: SiteConfig, pieces: PieceDraft[]): LocaleSummary[] {
  return config.locales.flatMap((locale) => {
    const mine = pieces.filter((p) => p.locale === locale && p.status !== 'unused');
    const unused = pieces.filter((p) => p.locale === locale && p.status === 'unused').length;
    if (!mine.length && !unused) return [];
    const count = (status: PieceStatus) => mine.filter((p) => p.status === status).length;
    const words = mine.reduce((sum, p) => sum + p.words, 0);
    const translatedWords = mine.filter((p) => p.status === 'translated').reduce((sum, p) => sum + p.words, 0);
    const percent = (part: number, whole: number) => (whole ? Math.floor((part / whole) * 100) : 100);
    return [
      {
        locale,
        items: { total: mine.length, translated: count('translated'), outdated: count('outdated'), missing: count('missing'), unused },
        words: { total: words, translated: translatedWords },
        percent: { items: percent(count('translated'), mine.length), words: percent(translatedWords, words) },
      },
    ];
  });
}
