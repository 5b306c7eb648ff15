import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFixture, findingsOf, type CheckFixture } from './support.ts';

let fixture: CheckFixture;
beforeAll(async () => {
  fixture = await checkFixture('check-budgets');
  await fixture.build();
});
afterAll(() => fixture.cleanup());

describe('the budgets check', () => {
  it('reports every page over the HTML and page-data budgets of site/budgets.yaml', async () => {
    const findings = findingsOf(await fixture.check(), 'budgets');
    const home = findings.filter((f) => f.file === fixture.shown('out/index.html'));
    expect(home).toEqual([
      {
        name: 'PageOverBudget',
        severity: 'error',
        check: 'budgets',
        file: fixture.shown('out/index.html'),
        message: expect.stringMatching(/^HTML of \/ weighs \d+\.\d KB, over the budget of 2\.0 KB\.$/),
      },
      {
        name: 'PageOverBudget',
        severity: 'error',
        check: 'budgets',
        file: fixture.shown('out/index.html'),
        message: expect.stringMatching(/^page-data of \/ weighs \d+\.\d KB, over the budget of 0\.5 KB\.$/),
      },
    ]);
    // Every page of both languages is over the 2 KB HTML budget; CSS and JavaScript keep their defaults.
    expect(findings.filter((f) => f.message.startsWith('HTML of '))).toHaveLength(10);
    expect(findings.some((f) => f.message.startsWith('CSS of '))).toBe(false);
  });

  it('reports a malformed budgets file on its lines and falls back to the defaults', async () => {
    await writeFile(join(fixture.site, 'budgets.yaml'), 'html: 2\ncss: -1\nimages: 300\n');
    const findings = findingsOf(await fixture.check(), 'budgets');
    expect(findings.filter((f) => f.file === fixture.shown('site/budgets.yaml'))).toEqual([
      {
        name: 'BudgetsFileInvalid',
        severity: 'error',
        check: 'budgets',
        file: fixture.shown('site/budgets.yaml'),
        line: 2,
        message: 'Field "css": expected a size in KB greater than 0; the default budgets apply.',
      },
      {
        name: 'BudgetsFileInvalid',
        severity: 'error',
        check: 'budgets',
        file: fixture.shown('site/budgets.yaml'),
        line: 3,
        message: 'Field "images": Unrecognized key: "images"; the default budgets apply.',
      },
    ]);
    // html: 2 is ignored with the rest of the file: the 100 KB default applies.
    expect(findings.filter((f) => f.message.startsWith('HTML of '))).toEqual([]);
  });
});
