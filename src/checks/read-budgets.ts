import { budgetsFileInvalidFinding } from '../errors/index.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { parseYaml } from '../config/index.ts';
import { isSiteError, locateYamlPath } from '../errors/index.ts';
import { displayPath } from '../node/display-path.ts';
import type { Finding } from './types.ts';

// site.yaml has no `budgets` key yet (its schema belongs to config/), so budgets live in their own file.

const kilobytes = z.number().positive('expected a size in KB greater than 0');

export const budgetsSchema = z.strictObject({
  /** The HTML file of one page. */
  html: kilobytes.default(100),
  /** Stylesheets a page links, plus its inline styles. */
  css: kilobytes.default(50),
  /** Scripts a page loads or preloads from the site, plus its inline scripts (raw bytes; about 80 KB gzipped). */
  js: kilobytes.default(250),
  /** What client navigation fetches for the page: its page-data.islands.json, else its page-data.json. */
  pageData: kilobytes.default(150),
});

export type Budgets = z.output<typeof budgetsSchema>;

/** 1 KB = 1024 bytes, as browsers' developer tools and Lighthouse count. */
export const KB = 1024;

/** site/budgets.yaml, or the defaults; a malformed file is a finding, and the defaults apply. */
export function readBudgets(options: { siteDir: string }): { budgets: Budgets; file: string; findings: Finding[] } {
  const path = join(options.siteDir, 'budgets.yaml');
  const file = displayPath(path);
  const defaults = budgetsSchema.parse({});
  let source: string;
  try {
    source = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { budgets: defaults, file, findings: [] };
    throw error;
  }
  let data: unknown;
  try {
    data = parseYaml({ file, source }) ?? {};
  } catch (error) {
    if (!isSiteError(error)) throw error;
    const line = error.location?.line;
    return {
      budgets: defaults,
      file,
      findings: [budgetsFileInvalidFinding({ file, ...(line !== undefined ? { line } : {}), message: `${error.message} The default budgets apply.` })],
    };
  }
  const parsed = budgetsSchema.safeParse(data);
  if (parsed.success) return { budgets: parsed.data, file, findings: [] };
  const findings: Finding[] = parsed.error.issues.map((issue) => {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    // An unknown key is reported on the mapping that holds it; point at the key itself.
    const at = issue.code === 'unrecognized_keys' ? [...path, issue.keys[0]!] : path;
    const line = locateYamlPath(source, at)?.line;
    const field = at.join('.') || '(root)';
    return budgetsFileInvalidFinding({
      file,
      ...(line !== undefined ? { line } : {}),
      message: `Field "${field}": ${issue.message}; the default budgets apply.`,
    });
  });
  return { budgets: defaults, file, findings };
}
