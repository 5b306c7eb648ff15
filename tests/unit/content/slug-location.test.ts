import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanSlugLine } from '../../../src/content/slug-location.ts';
import { locate } from '../../../src/errors/index.ts';
import { ROOT } from '../../support/fixture.ts';

const pageFiles = [join(ROOT, 'site/pages'), ...readdirSync(join(ROOT, 'tests/fixtures')).map((f) => join(ROOT, 'tests/fixtures', f, 'site/pages'))].flatMap(
  (dir) => {
    try {
      return readdirSync(dir)
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => join(dir, f));
    } catch {
      return [];
    }
  },
);

describe('slug locations found by scanning lines', () => {
  it.each([
    ['flow mapping', 'template: careers\nslug: { en: careers, es: trabaja-con-nosotros }\n', 'es', { line: 2, column: 22 }],
    ['block mapping', 'template: home\nslug:\n  en: ""\n  es: ""\nseo: {}\n', 'es', { line: 4, column: 3 }],
    ['a locale that is not there', 'slug:\n  en: about\nseo: {}\n', 'es', undefined],
  ])('%s', (_name, source, locale, expected) => {
    const found = scanSlugLine({ file: 'p.yaml', source }, locale);
    expect(found && { line: found.line, column: found.column }).toEqual(expected);
  });

  it('agree with the YAML parser on every page of the site and the fixtures', () => {
    expect(pageFiles.length).toBeGreaterThan(20);
    for (const file of pageFiles) {
      const src = { file, source: readFileSync(file, 'utf8') };
      for (const locale of ['en', 'es']) {
        const scanned = scanSlugLine(src, locale);
        if (scanned) expect({ page: file, locale, ...scanned }).toEqual({ page: file, locale, ...locate(src, ['slug', locale]) });
      }
    }
  });
});
