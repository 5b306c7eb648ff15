import { jobPostingExpiredFinding, structuredDataIncompleteFinding, structuredDataInvalidFinding } from '../errors/index.ts';
import type { BuiltPage, Finding } from './types.ts';

/** What search engines need of each type we publish before they show it as a rich result. */
const REQUIRED_FIELDS: Record<string, string[]> = {
  Organization: ['name', 'url'],
  BlogPosting: ['headline', 'datePublished', 'inLanguage', 'mainEntityOfPage', 'author'],
  JobPosting: ['title', 'description', 'datePosted', 'validThrough', 'hiringOrganization', 'employmentType'],
};

const HINTS: Record<string, string> = {
  BlogPosting: 'Posts take these from front matter (title, date) and the page: check the post and templates/pages/blog-post.tsx.',
  JobPosting: 'Careers pages take these from data.job in their site/pages/*.yaml (title, description, datePosted, validThrough).',
  Organization: 'The home page takes these from site.yaml (name, baseUrl).',
};

/** JSON-LD that does not parse, or lacks what its type requires; job postings past their end date. */
export function checkStructuredData(options: { pages: BuiltPage[]; today?: string }): Finding[] {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const findings: Finding[] = [];
  for (const page of options.pages) {
    for (const tag of page.tags) {
      if (tag.name !== 'script' || tag.attrs.type !== 'application/ld+json') continue;
      const at = { file: page.file, line: page.lineAt(tag.start) };
      const close = page.html.indexOf('</script>', tag.end);
      let data: Record<string, unknown>;
      try {
        data = JSON.parse(page.html.slice(tag.end, close === -1 ? undefined : close)) as Record<string, unknown>;
      } catch (error) {
        findings.push(structuredDataInvalidFinding({ ...at, message: `Structured data is not valid JSON: ${(error as Error).message}.` }));
        continue;
      }
      const type = String(data['@type'] ?? '');
      const missing = (REQUIRED_FIELDS[type] ?? []).filter((field) => isEmpty(data[field]));
      if (missing.length) {
        findings.push(
          structuredDataIncompleteFinding({
            ...at,
            message: `${type} structured data lacks ${missing.join(', ')}.`,
            ...(HINTS[type] ? { hint: HINTS[type] } : {}),
          }),
        );
      }
      if (type === 'JobPosting' && typeof data.validThrough === 'string' && data.validThrough.slice(0, 10) < today) {
        findings.push(
          jobPostingExpiredFinding({
            ...at,
            message: `JobPosting "${String(data.title ?? '')}" ended on ${data.validThrough.slice(0, 10)}; search engines drop expired postings.`,
          }),
        );
      }
    }
  }
  return findings;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (typeof value === 'object' && Object.keys(value).length === 0);
