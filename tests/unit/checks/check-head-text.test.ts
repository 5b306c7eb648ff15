import { describe, expect, it } from 'vitest';
import { checkHeadText } from '../../../src/checks/check-head-text.ts';
import type { PageSource } from '../../../src/checks/types.ts';
import { makePage } from './support.ts';

function head(rel: string, title: string, options: { lang?: string; noindex?: boolean; own?: string; description?: string } = {}) {
  const html = [
    `<html lang="${options.lang ?? 'en'}"><head><title>${title}</title>`,
    `<meta name="description" content="${options.description ?? 'A description.'}"/>`,
    options.noindex ? '<meta name="robots" content="noindex, follow"/>' : '',
    options.own ? `<meta property="og:title" content="${options.own}"/>` : '',
    '</head><body></body></html>',
  ].join('');
  return makePage(html, { rel });
}

const source: PageSource = { file: 'site/pages/x.yaml', fieldName: (f) => `seo.en.${f}`, lineOf: (f) => (f === 'title' ? 5 : 6) };

describe('checkHeadText', () => {
  it('points at the source field when the page has one, and at the built page when it has none', () => {
    const pages = [head('a/index.html', ''), head('b/index.html', '')];
    const findings = checkHeadText({ pages, sources: new Map([['/a/', source]]) });
    expect(findings.map((f) => `${f.file}:${f.line} ${f.message}`)).toEqual([
      'site/pages/x.yaml:5 /a/: The page has no title.',
      'out/b/index.html:1 /b/: The page has no title.',
    ]);
    expect(findings[0]!.hint).toBe('Write seo.en.title; it names the tab, the bookmark and the search result.');
  });

  it('counts the site name the template adds, and tells how long the editable part may be', () => {
    const title = `${'x'.repeat(50)} | Site Name`;
    const [finding] = checkHeadText({ pages: [head('a/index.html', title, { own: 'x'.repeat(50) })], sources: new Map([['/a/', source]]) });
    expect(finding).toMatchObject({
      severity: 'warning',
      message: `/a/: Title "${title}" is 62 characters (12 of them the site name the template adds); search results show about 60.`,
      hint: 'Shorten seo.en.title to 48 characters or fewer.',
    });
  });

  it('leaves pages kept out of search results alone for length and duplicates, and compares titles within one language', () => {
    const long = 'y'.repeat(70);
    const pages = [
      head('a/index.html', 'Same'),
      head('es/a/index.html', 'Same', { lang: 'es' }),
      head('preview/index.html', 'Same', { noindex: true }),
      head('b/index.html', long, { noindex: true, description: 'z'.repeat(200) }),
    ];
    expect(checkHeadText({ pages, sources: new Map() })).toEqual([]);
  });

  it('reports every page of a duplicate group', () => {
    const findings = checkHeadText({ pages: [head('a/index.html', 'Same'), head('b/index.html', 'Same'), head('c/index.html', 'Same')], sources: new Map() });
    expect(findings.map((f) => f.message)).toEqual([
      '/a/: Title "Same" is also the title of /b/, /c/.',
      '/b/: Title "Same" is also the title of /a/, /c/.',
      '/c/: Title "Same" is also the title of /a/, /b/.',
    ]);
  });
});
