import { canonicalLinkWrongFinding, hreflangLinkWrongFinding, type FindingCase } from '../errors/index.ts';
import type { BuiltSite } from './read-built-site.ts';
import { pageUrl } from './resolve-link.ts';
import type { BuiltPage, Finding, Tag } from './types.ts';

export interface CheckHeadLinksOptions {
  site: BuiltSite;
  /** Without a trailing slash, as the config stores it. */
  baseUrl: string;
}

interface Alternate {
  hreflang: string;
  href: string;
  tag: Tag;
}

/** hreflang links name the page itself and are answered by every page they name; canonicals are the page's own absolute URL. */
export function checkHeadLinks(options: CheckHeadLinksOptions): Finding[] {
  const findings: Finding[] = [];
  for (const page of options.site.pages) {
    findings.push(...checkCanonical(page, options), ...checkAlternates(page, options));
  }
  return findings;
}

function checkCanonical(page: BuiltPage, { baseUrl }: CheckHeadLinksOptions): Finding[] {
  const own = pageUrl(baseUrl, page.path);
  const tags = page.tags.filter((t) => t.name === 'link' && t.attrs.rel === 'canonical');
  const error = at(canonicalLinkWrongFinding);
  if (!tags.length) return [error(page, undefined, `The page has no <link rel="canonical">; it should be ${own}.`)];
  const problems: Finding[] = [];
  if (tags.length > 1) problems.push(error(page, tags[1], `The page has ${tags.length} canonical links; search engines ignore all of them.`));
  const tag = tags[0]!;
  const href = tag.attrs.href ?? '';
  if (!/^https?:\/\//i.test(href)) problems.push(error(page, tag, `Canonical URL "${href}" is not absolute.`));
  else if (!href.startsWith(`${baseUrl}/`)) problems.push(error(page, tag, `Canonical URL "${href}" is not on the site's baseUrl ${baseUrl}.`));
  else if (href !== own) problems.push(error(page, tag, `Canonical URL "${href}" is not this page's own URL ${own}.`));
  return problems;
}

function alternatesOf(page: BuiltPage): Alternate[] {
  return page.tags
    .filter((t) => t.name === 'link' && t.attrs.rel === 'alternate' && t.attrs.hreflang !== undefined)
    .map((tag) => ({ hreflang: tag.attrs.hreflang!, href: tag.attrs.href ?? '', tag }));
}

function checkAlternates(page: BuiltPage, { site, baseUrl }: CheckHeadLinksOptions): Finding[] {
  const alternates = alternatesOf(page);
  if (!alternates.length) return [];
  const own = pageUrl(baseUrl, page.path);
  const error = at(hreflangLinkWrongFinding);
  const findings: Finding[] = [];
  if (!alternates.some((a) => a.href === own && a.hreflang === page.lang)) {
    findings.push(error(page, alternates[0]!.tag, `The hreflang links do not include the page itself (hreflang="${page.lang}" href="${own}").`));
  }
  for (const alt of alternates) {
    if (alt.href === own) continue;
    const target = alt.href.startsWith(`${baseUrl}/`) ? site.byPath.get(alt.href.slice(baseUrl.length)) : undefined;
    if (!target) {
      findings.push(error(page, alt.tag, `hreflang="${alt.hreflang}" points at ${alt.href}, which is not a built page of this site.`));
      continue;
    }
    if (alt.hreflang === 'x-default') continue;
    if (target.lang !== alt.hreflang) {
      findings.push(error(page, alt.tag, `hreflang="${alt.hreflang}" points at ${alt.href}, whose language is "${target.lang ?? 'unset'}".`));
    }
    const back = alternatesOf(target).some((a) => a.href === own && a.hreflang === page.lang);
    if (!back) {
      findings.push(
        error(page, alt.tag, `hreflang="${alt.hreflang}" points at ${alt.href}, which does not point back here (hreflang="${page.lang}" href="${own}").`),
      );
    }
  }
  return findings;
}

/** A finding at the tag's line, or the head's when the page lacks the tag. */
function at(make: (c: FindingCase) => Finding) {
  return (page: BuiltPage, tag: Tag | undefined, message: string): Finding =>
    make({ file: page.file, line: page.lineAt(tag?.start ?? page.tags.find((t) => t.name === 'head')?.start ?? 0), message });
}
