import { linkToMissingFragmentFinding, linkToMissingPageFinding } from '../errors/index.ts';
import { closest, distance } from 'fastest-levenshtein';
import { fileOfPath, pathOfOutFile, type BuiltSite } from './read-built-site.ts';
import { resolveLink } from './resolve-link.ts';
import { matchRedirect, type Redirect } from '../redirects/index.ts';
import type { BuiltPage, Finding, Tag, TagLocator } from './types.ts';

export interface CheckLinksOptions {
  site: BuiltSite;
  baseUrl: string;
  /** Paths answered by a server, not by a file (the forms endpoint, the third-party proxy). */
  serverPaths: string[];
  /** The redirect map: a link to an old URL is the redirects check's finding ("link to the new URL"). */
  redirects?: readonly Redirect[];
  /** The markdown line that wrote a tag, for pages made from markdown (markdown-sources.ts). */
  locate?: TagLocator;
}

const LINK_ATTRS: Record<string, string> = {
  a: 'href',
  area: 'href',
  link: 'href',
  img: 'src',
  script: 'src',
  source: 'src',
  iframe: 'src',
  video: 'src',
  audio: 'src',
};

/** Every internal href and src of every page resolves to a built file, and every #fragment to an id there. */
export function checkLinks(options: CheckLinksOptions): Finding[] {
  const findings: Finding[] = [];
  let urls: string[] | undefined;
  // The built URLs, listed once and only when a link is broken.
  const nearest = (path: string) => closestUrl(path, (urls ??= [...options.site.byPath.keys()]));
  for (const page of options.site.pages) {
    for (const tag of page.tags) {
      const attr = LINK_ATTRS[tag.name];
      const value = attr ? tag.attrs[attr] : undefined;
      // Canonical and hreflang links are checked with their own rules (check-head-links.ts).
      if (value === undefined || (tag.name === 'link' && (tag.attrs.rel === 'canonical' || tag.attrs.hreflang !== undefined))) continue;
      const problem = linkProblem(value, page, options, nearest);
      if (problem) findings.push(finding(page, tag, problem, options.locate));
    }
  }
  return findings;
}

/** The built URL a mistyped path most likely meant: a few edits away, as typos are. */
function closestUrl(path: string, urls: string[]): string | undefined {
  if (!urls.length) return undefined;
  const found = closest(path, urls);
  return distance(path, found) <= Math.max(2, Math.ceil(path.length * 0.3)) ? found : undefined;
}

function linkProblem(value: string, page: BuiltPage, options: CheckLinksOptions, nearest: (path: string) => string | undefined): Finding | undefined {
  const { site, baseUrl, serverPaths } = options;
  const link = resolveLink(value, { pagePath: page.path, baseUrl });
  if (!link) return undefined;
  if (serverPaths.some((p) => link.path === p || link.path.startsWith(`${p.replace(/\/+$/, '')}/`))) return undefined;
  const rel = fileOfPath(link.path, site.hasFile);
  if (!rel && options.redirects && matchRedirect(options.redirects, link.path)) return undefined;
  if (!rel) {
    const meant = nearest(link.path);
    return linkToMissingPageFinding({
      file: page.file,
      message: `Link "${value}" leads to ${link.path}, which is not a built page or file.${meant ? ` Did you mean ${meant}?` : ''}`,
    });
  }
  // An empty fragment ("#", "#top") scrolls to the top, as browsers define it.
  if (link.fragment === undefined || link.fragment === '' || link.fragment.toLowerCase() === 'top') return undefined;
  const target = rel === page.rel ? page : site.byPath.get(pathOfOutFile(rel));
  if (!target) return undefined;
  if (target.ids.has(link.fragment)) return undefined;
  return linkToMissingFragmentFinding({
    file: page.file,
    message: `Link "${value}" points at #${link.fragment}, but ${target.path} has no element with id="${link.fragment}".`,
  });
}

/** The problem placed where the editor fixes it: the markdown line that wrote the link, or the built page's. */
function finding(page: BuiltPage, tag: Tag, problem: Finding, locate?: TagLocator): Finding {
  const where = locate?.(page, tag) ?? { file: page.file, line: page.lineAt(tag.start) };
  return { ...problem, ...where };
}
