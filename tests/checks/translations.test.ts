import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFixture, findingsOf, lineOfText, type CheckFixture } from './support.ts';

let fixture: CheckFixture;
beforeAll(async () => {
  fixture = await checkFixture('check-translations');
  await fixture.build();
});
afterAll(() => fixture.cleanup());

describe('the translations check', () => {
  it('reports each message key the Spanish file lacks, on the section where it belongs', async () => {
    const findings = findingsOf(await fixture.check(), 'translations').filter((f) => f.file === fixture.shown('locales/es.yaml'));
    expect(findings).toEqual([
      // The whole section is missing, so there is no line to point at.
      {
        name: 'MessageFallback',
        severity: 'error',
        check: 'translations',
        file: fixture.shown('locales/es.yaml'),
        message: `Message "document.updated" is missing in es; es pages show the en text (${fixture.shown('locales/en.yaml')}:${await lineOfText(`${fixture.dir}/locales/en.yaml`, 'updated:')}).`,
      },
      {
        name: 'MessageFallback',
        severity: 'error',
        check: 'translations',
        file: fixture.shown('locales/es.yaml'),
        line: await lineOfText(`${fixture.dir}/locales/es.yaml`, 'blog:'),
        message: `Message "blog.reading-time" is missing in es; es pages show the en text (${fixture.shown('locales/en.yaml')}:${await lineOfText(`${fixture.dir}/locales/en.yaml`, 'reading-time')}).`,
      },
    ]);
  });

  it('reports a page without a slug in every locale, on its slug line', async () => {
    const findings = findingsOf(await fixture.check(), 'translations').filter((f) => f.file.endsWith('english-only.yaml'));
    expect(findings).toEqual([
      {
        name: 'PageMissingInLocale',
        severity: 'error',
        check: 'translations',
        file: fixture.shown('site/pages/english-only.yaml'),
        line: 2,
        message: 'Page "english-only" has no es slug, so it does not exist in that language.',
      },
    ]);
  });

  it('warns about a post whose translationKey has no partner, on its translationKey line', async () => {
    const findings = findingsOf(await fixture.check(), 'translations').filter((f) => f.file.includes('/blog/'));
    expect(findings).toEqual([
      {
        name: 'PostWithoutTranslation',
        severity: 'warning',
        check: 'translations',
        file: fixture.shown('site/blog/en/drafted.md'),
        line: 5,
        message: 'Post "drafted" (translationKey "drafted") has no published es translation (the es one is still a draft), so it offers no language switch.',
      },
      {
        name: 'PostWithoutTranslation',
        severity: 'warning',
        check: 'translations',
        file: fixture.shown('site/blog/en/lonely.md'),
        line: 6,
        message: 'Post "lonely" (translationKey "lonely") has no published es translation, so it offers no language switch.',
      },
    ]);
  });
});
