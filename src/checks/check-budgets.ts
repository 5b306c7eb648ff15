import { pageOverBudgetFinding } from '../errors/index.ts';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pageDataPath } from '../shared/site-urls.ts';
import { fileOfPath, type BuiltSite } from './read-built-site.ts';
import { KB, type Budgets } from './read-budgets.ts';
import { resolveLink } from './resolve-link.ts';
import { innerHtml } from './scan-html.ts';
import type { BuiltPage, Finding } from './types.ts';

export interface CheckBudgetsOptions {
  site: BuiltSite;
  budgets: Budgets;
  baseUrl: string;
  /** site/budgets.yaml as shown, named in hints. */
  budgetsFile: string;
}

export interface PageWeight {
  html: number;
  css: number;
  js: number;
  pageData: number;
}

const LABELS: Record<keyof PageWeight, string> = { html: 'HTML', css: 'CSS', js: 'JavaScript', pageData: 'page-data' };

/** Pages whose HTML, CSS, JavaScript or page-data weigh more than the budgets allow. */
export function checkBudgets(options: CheckBudgetsOptions): Finding[] {
  const findings: Finding[] = [];
  for (const page of options.site.pages) {
    const weight = weighPage(page, options);
    for (const key of Object.keys(LABELS) as Array<keyof PageWeight>) {
      const limit = options.budgets[key] * KB;
      if (weight[key] <= limit) continue;
      findings.push(
        pageOverBudgetFinding({
          file: page.file,
          message: `${LABELS[key]} of ${page.path} weighs ${kb(weight[key])}, over the budget of ${kb(limit)}.`,
          hint: `Make the page lighter, or raise "${key}" in ${options.budgetsFile} if the weight is deliberate.`,
        }),
      );
    }
  }
  return findings;
}

/** Bytes a page costs: its HTML, the site's stylesheets and scripts it loads (inline ones too), its page-data. */
export function weighPage(page: BuiltPage, { site, baseUrl }: Pick<CheckBudgetsOptions, 'site' | 'baseUrl'>): PageWeight {
  const weight: PageWeight = { html: page.bytes, css: 0, js: 0, pageData: 0 };
  const counted = new Set<string>();
  // Each file once: a module is often both preloaded and loaded.
  const fileBytes = (value: string | undefined): number => {
    const link = value === undefined ? undefined : resolveLink(value, { pagePath: page.path, baseUrl });
    const rel = link && fileOfPath(link.path, site.hasFile);
    // Other origins' files are not ours to weigh; a missing file is the links check's finding.
    if (!rel || counted.has(rel)) return 0;
    counted.add(rel);
    return statSync(join(site.outDir, rel)).size;
  };
  for (const tag of page.tags) {
    const rel = (tag.attrs.rel ?? '').toLowerCase().split(/\s+/);
    if (tag.name === 'link' && rel.includes('stylesheet')) weight.css += fileBytes(tag.attrs.href);
    else if (tag.name === 'link' && rel.includes('modulepreload')) weight.js += fileBytes(tag.attrs.href);
    else if (tag.name === 'style') weight.css += Buffer.byteLength(innerHtml(page.html, tag));
    else if (tag.name === 'script' && isJavaScript(tag.attrs.type)) {
      weight.js += tag.attrs.src !== undefined ? fileBytes(tag.attrs.src) : Buffer.byteLength(innerHtml(page.html, tag));
    }
  }
  // What a client navigation fetches: the islands variant where the page has one, else page-data.json.
  const pageData = [pageDataPath(page.path, 'islands'), pageDataPath(page.path)].find((f) => site.hasFile(f));
  if (pageData) weight.pageData = statSync(join(site.outDir, pageData)).size;
  return weight;
}

/** JSON-LD and other data blocks are not executed. */
function isJavaScript(type: string | undefined): boolean {
  return type === undefined || type === '' || type === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/i.test(type);
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
