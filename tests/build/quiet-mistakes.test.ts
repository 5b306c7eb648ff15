import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSite } from '../../src/checks/index.ts';
import { collectTranslationStatus } from '../../src/translations/index.ts';
import { buildFixture, copyFixture, read } from '../support/fixture.ts';

// Mistakes that used to publish without a word: each is now a warning or an error at its file and line.

type Fixture = Awaited<ReturnType<typeof copyFixture>>;

async function edit(file: string, change: (text: string) => string) {
  await writeFile(file, change(await readFile(file, 'utf8')));
}

async function withFixture<T>(body: (f: Fixture) => Promise<T>): Promise<T> {
  const f = await copyFixture('basic');
  try {
    return await body(f);
  } finally {
    await f.cleanup();
  }
}

describe('a per-locale value in page data without every locale', () => {
  it('falls back with a warning at its line, in build, check and the translation status', () =>
    withFixture(async (f) => {
      const page = join(f.site, 'pages/careers.yaml');
      await edit(page, (t) =>
        t.replace(
          'markdown:',
          ['data:', '  facts:', '    - { en: "Remote from Argentina", es: "Remoto desde Argentina" }', '    - { en: "Paid in USDT" }', 'markdown:'].join('\n'),
        ),
      );
      const line = (await read(f.site, 'pages/careers.yaml')).split('\n').findIndex((l) => l.includes('Paid in USDT')) + 1;
      const report = await buildFixture(f);
      const warning = report.warnings.find((w) => w.includes('data.facts.1'));
      expect(warning).toMatch(new RegExp(`pages/careers\\.yaml:${line}:\\d+: data\\.facts\\.1 has no es value; es pages show the en text$`));
      // The translated one is no warning.
      expect(report.warnings.filter((w) => w.includes('data.facts.0'))).toEqual([]);

      const { findings } = await checkSite({ siteDir: f.site, outDir: f.out });
      expect(findings.filter((x) => x.message.includes('data.facts'))).toEqual([
        expect.objectContaining({
          severity: 'warning',
          check: 'translations',
          file: expect.stringMatching(/pages\/careers\.yaml$/),
          line,
          message: 'data.facts.1 has no es value, so es pages show the en text.',
        }),
      ]);

      const status = await collectTranslationStatus({ siteDir: f.site });
      const pieces = status.pieces.filter((p) => p.id.startsWith('careers data.facts'));
      expect(pieces.map((p) => [p.id, p.locale, p.status, p.translation.line])).toEqual(
        expect.arrayContaining([
          ['careers data.facts.1', 'es', 'missing', line],
          ['careers data.facts.0', 'es', 'translated', line - 1],
        ]),
      );
    }));
});
