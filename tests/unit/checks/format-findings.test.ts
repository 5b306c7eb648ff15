import { describe, expect, it } from 'vitest';
import { formatFindings, sortFindings, summarizeFindings, type Finding } from '../../../src/checks/index.ts';

function makeFinding(overrides: Partial<Finding> = {}): Finding {
  return { name: 'LinkToMissingPage', severity: 'error', check: 'links', file: 'out/index.html', line: 1, message: 'Broken.', hint: 'Fix it.', ...overrides };
}

describe('formatFindings', () => {
  it('groups findings by check, errors first, each with file:line, message and hint, then one summary', () => {
    const text = formatFindings(
      [
        makeFinding({ name: 'TitleTooLong', check: 'content', severity: 'warning', file: 'site/pages/home.yaml', line: 5, message: 'Title too long.' }),
        makeFinding({ file: 'out/b.html', line: 3 }),
        makeFinding({ name: 'MessageFallback', check: 'translations', file: 'locales/es.yaml', line: undefined, message: 'Key missing.' }),
        makeFinding({ file: 'out/a.html', line: 9 }),
      ],
      { pages: 12 },
    );
    expect(text).toBe(
      [
        'translations (1 error)',
        '  error   locales/es.yaml',
        '          Key missing. (MessageFallback)',
        '          hint: Fix it.',
        '',
        'links (2 errors)',
        '  error   out/a.html:9',
        '          Broken. (LinkToMissingPage)',
        '          hint: Fix it.',
        '  error   out/b.html:3',
        '          Broken. (LinkToMissingPage)',
        '          hint: Fix it.',
        '',
        'content (1 warning)',
        '  warning site/pages/home.yaml:5',
        '          Title too long. (TitleTooLong)',
        '          hint: Fix it.',
        '',
        'check failed: 3 errors, 1 warning in 12 built pages and their sources (errors in: translations, links).',
      ].join('\n'),
    );
  });
});

describe('summarizeFindings', () => {
  it.each([
    [[], 'check passed: no problems in 3 built pages and their sources.'],
    [
      [makeFinding({ severity: 'warning' }), makeFinding({ severity: 'warning', check: 'claims' })],
      'check passed with 2 warnings in 3 built pages and their sources.',
    ],
    [[makeFinding({ check: 'budgets' })], 'check failed: 1 error in 3 built pages and their sources (errors in: budgets).'],
  ])('%#', (findings, summary) => expect(summarizeFindings(findings, { pages: 3 })).toBe(summary));
});

describe('sortFindings', () => {
  it('orders by check, errors before warnings, then file and line (a file without line first)', () => {
    const sorted = sortFindings([
      makeFinding({ severity: 'warning', file: 'a', line: 1 }),
      makeFinding({ file: 'b', line: 2 }),
      makeFinding({ file: 'b', line: undefined }),
      makeFinding({ check: 'translations', file: 'z' }),
    ]);
    expect(sorted.map((f) => `${f.check} ${f.severity} ${f.file}:${f.line ?? ''}`)).toEqual([
      'translations error z:1',
      'links error b:',
      'links error b:2',
      'links warning a:1',
    ]);
  });
});
