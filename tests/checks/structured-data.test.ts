import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFixture, findingsOf, lineOfText, type CheckFixture } from './support.ts';

let fixture: CheckFixture;
beforeAll(async () => {
  fixture = await checkFixture();
  await fixture.build();
});
afterAll(() => fixture.cleanup());

describe('the structured-data check', () => {
  it('passes the clean site', async () => {
    expect(findingsOf(await fixture.check(), 'structured-data')).toEqual([]);
  });

  it('reports JSON-LD that does not parse, a posting without its required fields, and one that has ended, at their lines', async () => {
    // As a template bug would write them.
    await fixture.editOut('about/index.html', (html) =>
      html.replace(
        '</main>',
        '</main>\n<script type="application/ld+json">{"@type":"Organization","name":"Southbridge Dev",</script>\n' +
          '<script type="application/ld+json">{"@type":"JobPosting","title":"Senior React Engineer","validThrough":"2020-01-31","employmentType":""}</script>',
      ),
    );
    const page = join(fixture.out, 'about/index.html');
    const file = fixture.shown('out/about/index.html');
    const findings = findingsOf(await fixture.check(), 'structured-data');
    expect(findings).toEqual([
      {
        name: 'StructuredDataInvalid',
        severity: 'error',
        check: 'structured-data',
        file,
        line: await lineOfText(page, '"@type":"Organization"'),
        message: expect.stringMatching(/^Structured data is not valid JSON: /),
      },
      {
        name: 'StructuredDataIncomplete',
        severity: 'error',
        check: 'structured-data',
        file,
        line: await lineOfText(page, '"@type":"JobPosting"'),
        message: 'JobPosting structured data lacks description, datePosted, hiringOrganization, employmentType.',
      },
      {
        name: 'JobPostingExpired',
        severity: 'warning',
        check: 'structured-data',
        file,
        line: await lineOfText(page, '"@type":"JobPosting"'),
        message: 'JobPosting "Senior React Engineer" ended on 2020-01-31; search engines drop expired postings.',
      },
    ]);
  });
});
