import {
  linkToOldUrlFinding,
  redirectChainFinding,
  redirectNeverTakenFinding,
  redirectToMissingPageFinding,
  urlDisappearedFinding,
  urlLockMissingFinding,
} from '../errors/index.ts';
import { readFileSync } from 'node:fs';
import type { Content } from '../content/index.ts';
import { isSiteError } from '../errors/index.ts';
import type { SitePlan } from '../plan/index.ts';
import { isFileEntry, mapRedirects, matchRedirect, type Redirect } from '../redirects/index.ts';
import { fileOfPath, type BuiltSite } from './read-built-site.ts';
import { resolveLink } from './resolve-link.ts';
import type { Finding } from './types.ts';

export interface CheckRedirectsOptions {
  siteDir: string;
  plan: SitePlan;
  content: Content;
  site: BuiltSite;
  baseUrl: string;
}

/**
 * The redirect map, made from the sources as `build` makes it: targets that are no built page or
 * file, chains and loops, aliases a real page shadows, URLs of the lock no page makes, and links
 * in pages that still point at an old URL ("link to the new URL", at the line that holds it).
 */
export function checkRedirects(options: CheckRedirectsOptions): { findings: Finding[]; redirects: readonly Redirect[] } {
  let map;
  try {
    map = mapRedirects({ siteDir: options.siteDir, plan: options.plan, content: options.content, lock: 'read' });
  } catch (error) {
    if (!isSiteError(error)) throw error;
    const at = error.location;
    return {
      findings: [
        // A rule the map cannot use, reported under its own error's name.
        {
          name: error.data.name,
          check: 'redirects',
          severity: 'error',
          file: at?.file ?? 'site/redirects.yaml',
          ...(at?.line ? { line: at.line } : {}),
          message: error.message,
          hint: error.data.hint ?? '',
        },
      ],
      redirects: [],
    };
  }
  const findings: Finding[] = [];
  const { site } = options;
  if (!map.lockFound)
    findings.push(
      urlLockMissingFinding({ file: 'site/urls.lock', message: 'site/urls.lock does not exist, so URLs the site published before cannot be checked.' }),
    );
  for (const lost of map.lost)
    findings.push(
      urlDisappearedFinding({
        file: lost.file,
        ...(isFileEntry(lost)
          ? {
              message: `${lost.path} was published (site/urls.lock) and the site folder no longer has it.`,
              hint: `Add "${lost.path}" to site/redirects.yaml (a "to" target, or under "gone"); a file has no page to alias it.`,
            }
          : {
              message: `${lost.path} was published (site/urls.lock) and no page makes it any more.`,
              hint: `Add "${lost.path}" under "aliases" of the page that replaces it, or to site/redirects.yaml (a "to" target, or under "gone").`,
            }),
      }),
    );
  for (const s of map.shadowed)
    findings.push(
      redirectNeverTakenFinding({
        file: s.location.file,
        ...(s.location.line ? { line: s.location.line } : {}),
        message: `The redirect from ${s.from} is never taken: a page lives at ${s.from}.`,
        hint: 'Remove the alias or redirect, or move the page to another slug.',
      }),
    );
  for (const r of map.redirects) {
    if (r.status !== 301 || !r.to || !r.to.startsWith('/') || r.to.includes(':splat')) continue;
    const target = r.to.split(/[?#]/)[0]!;
    // At the alias or redirects.yaml line that wrote it (an automatic one leads to a page that exists).
    const at = map.sources[r.from];
    const where = at ? { file: at.file, ...(at.line ? { line: at.line } : {}) } : { file: 'site/urls.lock' };
    if (matchRedirect(map.redirects, target))
      findings.push(
        redirectChainFinding({
          ...where,
          message: `The redirect from ${r.from} leads to ${target}, which redirects again (a chain or a loop).`,
        }),
      );
    else if (!fileOfPath(target, site.hasFile))
      findings.push(
        redirectToMissingPageFinding({
          ...where,
          message: `The redirect from ${r.from} leads to ${target}, which is not a built page or file.`,
        }),
      );
  }
  findings.push(...linksToOldUrls(options, map.redirects));
  return { findings, redirects: map.redirects };
}

/** `<a href>` in built pages that names an old URL: reported at the markdown line when the page came from one. */
function linksToOldUrls(options: CheckRedirectsOptions, redirects: readonly Redirect[]): Finding[] {
  if (!redirects.length) return [];
  const sourceOf = new Map(options.plan.pages.map((p) => [p.path, p.markdown?.file ?? p.source.file]));
  const findings: Finding[] = [];
  for (const page of options.site.pages) {
    for (const tag of page.tags) {
      const href = tag.name === 'a' ? tag.attrs.href : undefined;
      const link = href ? resolveLink(href, { pagePath: page.path, baseUrl: options.baseUrl }) : undefined;
      const hit = link && !fileOfPath(link.path, options.site.hasFile) ? matchRedirect(redirects, link.path) : undefined;
      if (!hit) continue;
      const written = sourceLine(sourceOf.get(page.path), href!);
      const where = written ? { ...written, page: page.path } : { file: page.file, line: page.lineAt(tag.start) };
      findings.push(
        linkToOldUrlFinding({
          ...where,
          message: `Link "${href}" points at an old URL that redirects ${hit.status === 410 ? 'to nothing (410 Gone)' : `to ${hit.to}`}.`,
          hint:
            hit.status === 410
              ? 'Remove the link, or point it at a page that exists.'
              : `Link to the new URL, ${hit.to}: every visitor and crawler skips a redirect.`,
        }),
      );
    }
  }
  return findings;
}

/** The line of a markdown or YAML source that writes this href, when one does. */
function sourceLine(file: string | undefined, href: string): { file: string; line: number } | undefined {
  if (!file || !/\.(md|ya?ml)$/.test(file)) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const index = text.split('\n').findIndex((l) => l.includes(`(${href}`) || l.includes(`"${href}"`) || l.includes(` ${href}`));
  return index < 0 ? undefined : { file, line: index + 1 };
}
