import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFixture, findingsOf, lineOfText, type CheckFixture } from './support.ts';

let fixture: CheckFixture;
beforeAll(async () => {
  fixture = await checkFixture('check-claims');
  await fixture.build();
});
afterAll(() => fixture.cleanup());

describe('the claims check', () => {
  it('reports a page that states a claim differently from constants.yaml, at its line in the built page', async () => {
    const page = join(fixture.out, 'offer/index.html');
    const findings = findingsOf(await fixture.check(), 'claims').filter((f) => f.file.includes('/out/'));
    expect(findings).toEqual([
      {
        name: 'ClaimContradictsConstant',
        severity: 'error',
        check: 'claims',
        file: fixture.shown('out/offer/index.html'),
        line: await lineOfText(page, '7-day free trial'),
        message: '"7-day free trial" states claims.trialDays as 7, but constants.yaml says 14.',
      },
      {
        name: 'UnexplainedNumber',
        severity: 'error',
        check: 'claims',
        file: fixture.shown('out/offer/index.html'),
        line: await lineOfText(page, '37 engineers'),
        message:
          'The number 37 ("…-day free trial. A bench of 37 engineers is ready, and Law N…") is neither a value in constants.yaml nor allowed by its plainNumbers.',
      },
    ]);
    // 25,326 stands inside a plainNumbers pattern (a law's number), so it is no finding.
    // The Spanish page writes {claims.trialDays}, the home pages too: no finding there.
  });

  it('reports detectors that name no constant or do not compile, on their lines in constants.yaml', async () => {
    const constants = join(fixture.site, 'constants.yaml');
    const findings = findingsOf(await fixture.check(), 'claims').filter((f) => f.file === fixture.shown('site/constants.yaml'));
    expect(findings).toEqual([
      {
        name: 'ClaimDetectorInvalid',
        severity: 'error',
        check: 'claims',
        file: fixture.shown('site/constants.yaml'),
        line: await lineOfText(constants, 'claims.trialMonths'),
        message: 'Detector 19 names "claims.trialMonths", which is not a value in constants.yaml.',
      },
      {
        name: 'ClaimDetectorInvalid',
        severity: 'error',
        check: 'claims',
        file: fixture.shown('site/constants.yaml'),
        line: await lineOfText(constants, '"(\\\\d+ days"'),
        message: expect.stringMatching(/^Detector 20 has an invalid pattern: Invalid regular expression: .*Unterminated group\.$/),
      },
    ]);
  });
});
