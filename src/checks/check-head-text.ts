import {
  descriptionMissingFinding,
  descriptionTooLongFinding,
  titleMissingFinding,
  titleSharedFinding,
  titleTooLongFinding,
  type FindingCase,
} from '../errors/index.ts';
import { textOf } from './scan-html.ts';
import type { BuiltPage, Finding, PageSource, Tag } from './types.ts';

export interface CheckHeadTextOptions {
  pages: BuiltPage[];
  /** URL path → where the title and description are written. */
  sources: Map<string, PageSource>;
}

// What search results show before cutting the text off.
export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 160;

interface Head {
  page: BuiltPage;
  title: { text: string; tag: Tag | undefined; own: string | undefined };
  description: { text: string; tag: Tag | undefined };
  indexed: boolean;
}

/** A factory of the catalogue (src/errors/catalogue/checks.ts). */
type MakeFinding = (c: FindingCase) => Finding;

/** Titles and descriptions: present, short enough for search results, and no two pages of a language with one title. */
export function checkHeadText(options: CheckHeadTextOptions): Finding[] {
  const heads = options.pages.map(readHead);
  const findings: Finding[] = [];
  const at = (make: MakeFinding, head: Head, field: 'title' | 'description', message: string, hint: (name: string) => string): Finding => {
    const source = options.sources.get(head.page.path);
    const line = source?.lineOf(field);
    const where = source
      ? { file: source.file, ...(line !== undefined ? { line } : {}) }
      : { file: head.page.file, line: head.page.lineAt(head[field].tag?.start ?? 0) };
    return make({ ...where, message: `${head.page.path}: ${message}`, hint: hint(source?.fieldName(field) ?? field) });
  };
  for (const head of heads) {
    const { title, description } = head;
    if (!title.text)
      findings.push(
        at(titleMissingFinding, head, 'title', 'The page has no title.', (name) => `Write ${name}; it names the tab, the bookmark and the search result.`),
      );
    if (!description.text)
      findings.push(
        at(
          descriptionMissingFinding,
          head,
          'description',
          'The page has no meta description.',
          (name) => `Write ${name}: one or two sentences that make someone click the search result.`,
        ),
      );
    // Pages kept out of search results (noindex) are never shown there, so their length does not matter.
    if (!head.indexed) continue;
    const titleLength = [...title.text].length;
    if (titleLength > TITLE_MAX) {
      const added = title.own !== undefined && title.own !== title.text ? titleLength - [...title.own].length : 0;
      findings.push(
        at(
          titleTooLongFinding,
          head,
          'title',
          `Title "${title.text}" is ${titleLength} characters${added ? ` (${added} of them the site name the template adds)` : ''}; search results show about ${TITLE_MAX}.`,
          (name) => `Shorten ${name} to ${TITLE_MAX - added} characters or fewer.`,
        ),
      );
    }
    const descriptionLength = [...description.text].length;
    if (descriptionLength > DESCRIPTION_MAX) {
      findings.push(
        at(
          descriptionTooLongFinding,
          head,
          'description',
          `Description is ${descriptionLength} characters; search results show about ${DESCRIPTION_MAX}.`,
          (name) => `Shorten ${name} to ${DESCRIPTION_MAX} characters or fewer.`,
        ),
      );
    }
  }
  findings.push(...duplicateTitles(heads, at));
  return findings;
}

function duplicateTitles(
  heads: Head[],
  at: (make: MakeFinding, head: Head, field: 'title', message: string, hint: (name: string) => string) => Finding,
): Finding[] {
  const groups = new Map<string, Head[]>();
  for (const head of heads) {
    if (!head.indexed || !head.title.text) continue;
    const key = `${head.page.lang}\0${head.title.text}`;
    groups.set(key, [...(groups.get(key) ?? []), head]);
  }
  const findings: Finding[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const head of group) {
      const others = group.filter((h) => h !== head).map((h) => h.page.path);
      findings.push(
        at(
          titleSharedFinding,
          head,
          'title',
          `Title "${head.title.text}" is also the title of ${others.join(', ')}.`,
          (name) => `Give ${name} a title of its own, so search results can tell the pages apart.`,
        ),
      );
    }
  }
  return findings;
}

function readHead(page: BuiltPage): Head {
  const titleTag = page.tags.find((t) => t.name === 'title');
  const meta = (key: 'name' | 'property', value: string) => page.tags.find((t) => t.name === 'meta' && t.attrs[key] === value);
  const descriptionTag = meta('name', 'description');
  const robots = meta('name', 'robots')?.attrs.content ?? '';
  return {
    page,
    title: { text: titleTag ? textOf(page.html, titleTag) : '', tag: titleTag, own: meta('property', 'og:title')?.attrs.content?.trim() },
    description: { text: descriptionTag?.attrs.content?.trim() ?? '', tag: descriptionTag },
    indexed: !/\bnoindex\b/i.test(robots),
  };
}
