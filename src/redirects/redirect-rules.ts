import * as z from 'zod';
import { readValidYaml } from '../config/index.ts';
import { locate, type SourceLocation } from '../errors/index.ts';

const oldPath = z.string().regex(/^\/[^\s?#]*$/, 'expected a path starting with "/" (no spaces, query or fragment)');
const pageTarget = z.strictObject({ page: z.string().min(1), locale: z.string().min(1) });

export const redirectsFileSchema = z
  .strictObject({
    /** `from` an old path (or `/prefix/*`), `to` a path, an https:// URL, `/new/:splat`, or `{ page, locale }`. */
    redirects: z
      .array(
        z.strictObject({
          from: oldPath,
          to: z.union([z.string().min(1), pageTarget], {
            error: 'expected a path starting with "/", an https:// URL, or { page: <id>, locale: <locale> }',
          }),
        }),
      )
      .default([]),
    /** Paths removed on purpose: 410 Gone. */
    gone: z.array(oldPath).default([]),
  })
  .default({ redirects: [], gone: [] });

/** Where a redirect leads: a path or URL as written, or a page by id and locale (follows its slug). */
export type RedirectTarget = string | { page: string; locale: string };

export interface RedirectRule {
  from: string;
  /** Undefined: gone (410). */
  to?: RedirectTarget;
  location: SourceLocation;
  field: string;
}

/** site/redirects.yaml as rules with their lines; an empty or missing file is no rules. */
export function parseRedirectRules(src: { file: string; source: string }): RedirectRule[] {
  const data = readValidYaml(src, redirectsFileSchema, 'redirects', { empty: {} });
  return [
    ...data.redirects.map((r, i) => ({ from: r.from, to: r.to, location: locate(src, ['redirects', i, 'from']), field: `redirects.${i}` })),
    ...data.gone.map((from, i) => ({ from, location: locate(src, ['gone', i]), field: `gone.${i}` })),
  ];
}

/** One spelling per URL: a page path ends with "/", a file path (a dot in its last segment) does not. */
export function normalizePath(path: string): string {
  if (path.endsWith('/*') || path.endsWith('/')) return path;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.') ? path : `${path}/`;
}
