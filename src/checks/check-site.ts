import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { loadSiteConfig } from '../config/index.ts';
import { loadContent } from '../content/index.ts';
import { loadMessages } from '../i18n/index.ts';
import { planSite } from '../plan/index.ts';
import { displayPath } from '../node/display-path.ts';
// Served by the forms endpoint and by `serve` (or the host's rewrites), never by a file in out/.
import { PROXY_PATH } from '../shared/site-urls.ts';
import { checkBudgets } from './check-budgets.ts';
import { checkClaims } from './check-claims.ts';
import { checkContent } from './check-content.ts';
import { checkHeadLinks } from './check-head-links.ts';
import { checkHeadText } from './check-head-text.ts';
import { checkLinks } from './check-links.ts';
import { checkRedirects } from './check-redirects.ts';
import { checkRequiredMessages } from './check-required-messages.ts';
import { checkStructuredData } from './check-structured-data.ts';
import { checkNumbers } from './check-numbers.ts';
import { checkTranslations } from './check-translations.ts';
import { checkOutdatedTranslations } from './check-outdated-translations.ts';
import { collectTranslationStatus } from '../translations/index.ts';
import { sortFindings } from './format-findings.ts';
import { markdownSources } from './markdown-sources.ts';
import { pageSources } from './page-sources.ts';
import { readBudgets } from './read-budgets.ts';
import { readBuiltSite } from './read-built-site.ts';
import type { Finding } from './types.ts';

export interface CheckSiteOptions {
  siteDir: string;
  outDir: string;
  /** Default: `templates/` beside the site folder. */
  templatesDir?: string;
  /** Default: `locales/` beside the site folder. */
  localesDir?: string;
  /** The base URL the site was built with, when it was not site.yaml's (`build --base-url`). */
  baseUrl?: string;
}

export interface CheckSiteResult {
  /** Every finding, errors first within each check. */
  findings: Finding[];
  errors: number;
  pages: number;
}

/** Runs every check over the sources and the built site; collects all findings and never stops at the first. */
export async function checkSite(options: CheckSiteOptions): Promise<CheckSiteResult> {
  const siteDir = resolve(options.siteDir);
  const outDir = resolve(options.outDir);
  const root = dirname(siteDir);
  const localesDir = resolve(options.localesDir ?? join(root, 'locales'));
  const templatesDir = resolve(options.templatesDir ?? join(root, 'templates'));

  const config = await loadSiteConfig({ siteDir, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) });
  const [content, messages, templates, constantsSource] = await Promise.all([
    loadContent({ siteDir, config }),
    loadMessages({ localesDir, config }),
    readdir(join(templatesDir, 'pages')).then((names) => names.filter((n) => n.endsWith('.tsx')).map((n) => basename(n, '.tsx'))),
    readFile(join(siteDir, 'constants.yaml'), 'utf8'),
  ]);
  // The plan says which source declares each URL, so head findings point at the YAML or front matter.
  const plan = planSite({ config, content, messages, templates });
  const site = readBuiltSite({ outDir });
  const budgets = readBudgets({ siteDir });
  const baseUrl = config.settings.baseUrl;
  const endpoint = config.settings.forms.endpoint;

  // Markdown findings name the line the editor changes, with the page's URL beside it.
  const markdown = markdownSources({ plan, cacheDir: join(root, '.cache'), constants: config.constants, embedHosts: config.settings.embeds.hosts });
  const redirects = checkRedirects({ siteDir, plan, content, site, baseUrl });
  const messagePaths = Object.fromEntries(config.locales.map((l) => [l, join(localesDir, `${l}.yaml`)]));
  // The links of the status are for its page; the findings need only where to edit.
  const status = await collectTranslationStatus({ siteDir, localesDir, loaded: { config, content, urls: new Map() } });
  const findings = [
    ...checkTranslations({ config, content, messages, messagePaths }),
    ...checkOutdatedTranslations(status),
    ...checkRequiredMessages({ config, content, messages, messagePaths }),
    ...checkLinks({
      site,
      baseUrl,
      serverPaths: [PROXY_PATH, ...(endpoint.startsWith('/') ? [endpoint] : [])],
      redirects: redirects.redirects,
      locate: markdown.locate,
    }),
    ...redirects.findings,
    ...checkHeadLinks({ site, baseUrl }),
    ...checkContent({ pages: site.pages, locate: markdown.locate }),
    ...markdown.warnings(),
    ...checkStructuredData({ pages: site.pages }),
    ...checkHeadText({ pages: site.pages, sources: pageSources({ plan, content }) }),
    ...checkClaims({ pages: site.pages, constants: config.constants, constantsFile: displayPath(join(siteDir, 'constants.yaml')), constantsSource }),
    ...checkNumbers({
      pages: site.pages,
      constants: config.constants,
      constantsFile: displayPath(join(siteDir, 'constants.yaml')),
      constantsSource,
      numberLocales: Object.values(config.settings.locales).map((l) => l.dateLocale),
    }),
    ...budgets.findings,
    ...checkBudgets({ site, budgets: budgets.budgets, baseUrl, budgetsFile: budgets.file }),
  ];
  return { findings: sortFindings(findings), errors: findings.filter((f) => f.severity === 'error').length, pages: site.pages.length };
}
