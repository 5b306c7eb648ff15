import { headingLevelSkippedFinding, imageWithoutAltFinding } from '../errors/index.ts';
import { textOf } from './scan-html.ts';
import type { BuiltPage, Finding, Tag, TagLocator } from './types.ts';

/** Images a screen reader cannot describe and headings that skip a level, in every built page. */
export function checkContent(options: { pages: BuiltPage[]; locate?: TagLocator }): Finding[] {
  const at: Where = (page, tag) => options.locate?.(page, tag) ?? { file: page.file, line: page.lineAt(tag.start) };
  return options.pages.flatMap((page) => [...imagesWithoutAlt(page, at), ...skippedHeadings(page, at)]);
}

/** A finding at the markdown line that wrote the tag, or at the built page's line. */
type Where = (page: BuiltPage, tag: Tag) => Pick<Finding, 'file' | 'line' | 'page'>;

function imagesWithoutAlt(page: BuiltPage, at: Where): Finding[] {
  const findings: Finding[] = [];
  for (const tag of page.tags) {
    if (tag.name !== 'img') continue;
    const { alt, role, src } = tag.attrs;
    // An empty alt is a promise that the image is decoration; it must say so to assistive technology too.
    const decorative = role === 'presentation' || role === 'none' || tag.attrs['aria-hidden'] === 'true';
    if (alt !== undefined && (alt.trim() !== '' || decorative)) continue;
    findings.push(
      imageWithoutAltFinding({
        ...at(page, tag),
        message: alt === undefined ? `Image ${src ?? ''} has no alt text.` : `Image ${src ?? ''} has an empty alt but is not marked decorative.`,
      }),
    );
  }
  return findings;
}

function skippedHeadings(page: BuiltPage, at: Where): Finding[] {
  const findings: Finding[] = [];
  let previous: { level: number; text: string } | undefined;
  for (const tag of page.tags) {
    const level = /^h([1-6])$/.exec(tag.name)?.[1];
    if (!level) continue;
    const current = { level: Number(level), text: textOf(page.html, tag) };
    // Like axe's heading-order: the first heading may have any level; later ones go at most one deeper.
    if (previous && current.level > previous.level + 1) {
      findings.push(
        headingLevelSkippedFinding({
          ...at(page, tag),
          message: `Heading h${current.level} "${clip(current.text)}" follows h${previous.level} "${clip(previous.text)}", skipping h${previous.level + 1}.`,
          hint: `Make it an h${previous.level + 1} (in markdown, ${'#'.repeat(previous.level + 1)}); screen reader users navigate by heading levels.`,
        }),
      );
    }
    previous = current;
  }
  return findings;
}

const clip = (text: string) => (text.length > 50 ? `${text.slice(0, 47)}…` : text);
