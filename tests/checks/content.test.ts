import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFixture, findingsOf, lineOfText, type CheckFixture } from './support.ts';

let fixture: CheckFixture;
beforeAll(async () => {
  fixture = await checkFixture('check-content');
  await fixture.build();
});
afterAll(() => fixture.cleanup());

const contentOf = async (file: string) => findingsOf(await fixture.check(), 'content').filter((f) => f.file === file);

describe('the content check', () => {
  it('reports an image with an empty alt that is not marked decorative at its built line, and a heading that skips a level at its markdown line', async () => {
    // Markdown images without alt already stop the build; a template can still emit one.
    await fixture.editOut('blog/figures/index.html', (html) =>
      html.replace('<h2 id="architecture">Architecture</h2>', '<h2 id="architecture">Architecture</h2><img src="/diagram.svg" alt=""/>'),
    );
    const page = join(fixture.out, 'blog/figures/index.html');
    const findings = await fixture.check();
    const ofPage = findingsOf(findings, 'content').filter((f) =>
      [fixture.shown('out/blog/figures/index.html'), fixture.shown('site/blog/en/figures.md')].includes(f.file),
    );
    expect(ofPage).toEqual([
      {
        name: 'ImageWithoutAlt',
        severity: 'error',
        check: 'content',
        file: fixture.shown('out/blog/figures/index.html'),
        line: await lineOfText(page, '<img src="/diagram.svg"'),
        message: 'Image /diagram.svg has an empty alt but is not marked decorative.',
      },
      {
        name: 'HeadingLevelSkipped',
        severity: 'error',
        check: 'content',
        file: fixture.shown('site/blog/en/figures.md'),
        line: await lineOfText(join(fixture.site, 'blog/en/figures.md'), '#### Details'),
        page: '/blog/figures/',
        message: 'Heading h4 "Details" follows h2 "Architecture", skipping h3.',
      },
    ]);
  });

  it('reports an image without alt, and accepts alt="" on a decorative one', async () => {
    await fixture.editOut('about/index.html', (html) =>
      html.replace('</main>', '<img src="/favicon.svg"/><img src="/favicon.svg" alt="" role="presentation"/></main>'),
    );
    const findings = await contentOf(fixture.shown('out/about/index.html'));
    expect(findings.map((f) => f.message)).toEqual(['Image /favicon.svg has no alt text.']);
  });

  it('warns about a title and a description too long for search results, on their lines in the page YAML', async () => {
    expect(await contentOf(fixture.shown('site/pages/pricing.yaml'))).toContainEqual({
      name: 'TitleTooLong',
      severity: 'warning',
      check: 'content',
      file: fixture.shown('site/pages/pricing.yaml'),
      line: 5,
      // Too long even alone, so the template leaves the site name off.
      message:
        '/pricing/: Title "Pricing for every stage of your startup, from the first prototype to a full team" is 80 characters; search results show about 60.',
    });
    expect(await contentOf(fixture.shown('site/pages/pricing.yaml'))).toContainEqual({
      name: 'DescriptionTooLong',
      severity: 'warning',
      check: 'content',
      file: fixture.shown('site/pages/pricing.yaml'),
      line: 6,
      message: '/pricing/: Description is 184 characters; search results show about 160.',
    });
  });

  it('reports two pages of one language with the same title, each on its own title line', async () => {
    const duplicates = findingsOf(await fixture.check(), 'content').filter((f) => f.message.includes('is also the title of'));
    expect(duplicates).toEqual([
      {
        name: 'TitleShared',
        severity: 'error',
        check: 'content',
        file: fixture.shown('site/pages/about.yaml'),
        line: 5,
        message: '/es/nosotros/: Title "Sobre nosotros | Check Studio" is also the title of /es/precios/.',
      },
      {
        name: 'TitleShared',
        severity: 'error',
        check: 'content',
        file: fixture.shown('site/pages/pricing.yaml'),
        line: 8,
        message: '/es/precios/: Title "Sobre nosotros | Check Studio" is also the title of /es/nosotros/.',
      },
    ]);
  });

  it('reports a page without a title or description at the field that should hold it', async () => {
    await fixture.editOut('blog/hello/index.html', (html) =>
      html.replace(/<title>[^<]*<\/title>/, '<title> </title>').replace(/<meta name="description"[^>]*>/, ''),
    );
    expect(await contentOf(fixture.shown('site/blog/en/hello.md'))).toEqual([
      {
        name: 'TitleMissing',
        severity: 'error',
        check: 'content',
        file: fixture.shown('site/blog/en/hello.md'),
        line: 2,
        message: '/blog/hello/: The page has no title.',
      },
      {
        name: 'DescriptionMissing',
        severity: 'error',
        check: 'content',
        file: fixture.shown('site/blog/en/hello.md'),
        line: 3,
        message: '/blog/hello/: The page has no meta description.',
      },
    ]);
  });
});
