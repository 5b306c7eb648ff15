import { readFileSync } from 'node:fs';
import type { Content } from '../content/index.ts';
import type { SitePlan } from '../plan/index.ts';
import { frontMatterLine } from './front-matter-line.ts';
import type { PageSource } from './types.ts';

/**
 * URL path → the file that declares the page's title and description: `seo.<locale>` of
 * site/pages/<id>.yaml, or a post's front matter. Findings about a head point there, not at out/.
 */
export function pageSources(options: { plan: SitePlan; content: Content }): Map<string, PageSource> {
  const sources = new Map<string, PageSource>();
  const pagesById = new Map(options.content.pages.map((p) => [p.id, p]));
  for (const planned of options.plan.pages) {
    if (planned.id.startsWith('post:') && planned.markdown) {
      const { path, file } = planned.markdown;
      sources.set(planned.path, { file, fieldName: (field) => field, lineOf: frontMatterLines(path) });
      continue;
    }
    // Blog list pages after the first are `blog:page:2`; their title comes from the list page.
    const page = pagesById.get(planned.id.split(':')[0]!);
    if (!page) continue;
    const locale = planned.locale;
    sources.set(planned.path, { file: page.file, fieldName: (field) => `seo.${locale}.${field}`, lineOf: (field) => page.locate(['seo', locale, field]).line });
  }
  return sources;
}

/** Lines of front matter fields, read when first asked (most pages have no head finding). */
function frontMatterLines(path: string): PageSource['lineOf'] {
  let text: string | undefined;
  return (field) => frontMatterLine(path, field, (text ??= readFileSync(path, 'utf8')));
}
