import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFixture, findingsOf, lineOfText, type CheckFixture } from './support.ts';

let fixture: CheckFixture;
beforeAll(async () => {
  fixture = await checkFixture('check-links');
  await fixture.build();
});
afterAll(() => fixture.cleanup());

const linksIn = async (rel: string) => findingsOf(await fixture.check(), 'links').filter((f) => f.file === fixture.shown(`out/${rel}`));

describe('the links check', () => {
  it('reports an internal link to a page that was not built, and an anchor missing on its target, at their markdown lines', async () => {
    const post = join(fixture.site, 'blog/en/links.md');
    expect(findingsOf(await fixture.check(), 'links').filter((f) => f.file === fixture.shown('site/blog/en/links.md'))).toEqual([
      {
        name: 'LinkToMissingPage',
        severity: 'error',
        check: 'links',
        file: fixture.shown('site/blog/en/links.md'),
        line: await lineOfText(post, '(/services/)'),
        page: '/blog/links/',
        message: 'Link "/services/" leads to /services/, which is not a built page or file.',
      },
      {
        name: 'LinkToMissingFragment',
        severity: 'error',
        check: 'links',
        file: fixture.shown('site/blog/en/links.md'),
        line: await lineOfText(post, '(/es/nosotros/#team)'),
        page: '/blog/links/',
        message: 'Link "/es/nosotros/#team" points at #team, but /es/nosotros/ has no element with id="team".',
      },
    ]);
    // Same-page anchors, relative links and the Spanish pages' own links all resolve.
    expect(findingsOf(await fixture.check(), 'links')).toHaveLength(2);
  });

  it('reports hreflang links that are not answered, and a page that does not name itself', async () => {
    // As a template bug would: the Spanish page forgets its English alternate, the blog list itself.
    await fixture.editOut('es/nosotros/index.html', (html) => html.replace(/<link rel="alternate" hrefLang="en"[^>]*>/, ''));
    await fixture.editOut('blog/index.html', (html) => html.replace('<link rel="alternate" hrefLang="en" href="https://check.example/blog/"/>', ''));
    expect(await linksIn('about/index.html')).toEqual([
      {
        name: 'HreflangLinkWrong',
        severity: 'error',
        check: 'links',
        file: fixture.shown('out/about/index.html'),
        line: 1,
        message:
          'hreflang="es" points at https://check.example/es/nosotros/, which does not point back here (hreflang="en" href="https://check.example/about/").',
      },
    ]);
    expect((await linksIn('blog/index.html')).map((f) => f.message)).toEqual([
      'The hreflang links do not include the page itself (hreflang="en" href="https://check.example/blog/").',
    ]);
    // The pair itself still answers both ways.
    expect(await linksIn('es/blog/index.html')).toEqual([]);
  });

  it('reports canonical URLs that are relative or name another page', async () => {
    await fixture.editOut('404.html', (html) => html.replace('href="https://check.example/404.html"', 'href="/404.html"'));
    await fixture.editOut('es/blog/hola/index.html', (html) =>
      html.replace('rel="canonical" href="https://check.example/es/blog/hola/"', 'rel="canonical" href="https://check.example/blog/hello/"'),
    );
    expect((await linksIn('404.html')).map((f) => f.message)).toEqual(['Canonical URL "/404.html" is not absolute.']);
    expect((await linksIn('es/blog/hola/index.html')).map((f) => f.message)).toEqual([
      'Canonical URL "https://check.example/blog/hello/" is not this page\'s own URL https://check.example/es/blog/hola/.',
    ]);
  });

  it("reports every canonical and hreflang off the site's baseUrl when the build used another --base-url, and none when told", async () => {
    await fixture.build({ baseUrl: 'https://staging.check.example' });
    const findings = findingsOf(await fixture.check(), 'links');
    expect(findings.filter((f) => f.message.startsWith('Canonical URL "https://staging.check.example/'))).toHaveLength(11);
    expect(findings.find((f) => f.file === fixture.shown('out/index.html') && f.message.startsWith('Canonical'))).toEqual({
      name: 'CanonicalLinkWrong',
      severity: 'error',
      check: 'links',
      file: fixture.shown('out/index.html'),
      line: 1,
      message: 'Canonical URL "https://staging.check.example/" is not on the site\'s baseUrl https://check.example.',
    });
    expect(findings.some((f) => f.message.includes('is not a built page of this site'))).toBe(true);
    expect(findingsOf(await fixture.check({ baseUrl: 'https://staging.check.example' }), 'links')).toHaveLength(2);
  });
});
