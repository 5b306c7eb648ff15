import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_ENTRIES } from '../../../src/errors/index.ts';
import { ROOT } from '../../support/fixture.ts';

// Guidance that sends an editor to a README section or a site file must point at something real.
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const headings = new Set([...readme.matchAll(/^#+ (.+)$/gm)].map((m) => m[1]!.trim()));
const texts = [
  ...ERROR_ENTRIES.map((e) => ({ where: `${e.name} hint`, text: `${e.when} ${e.hint}` })),
  { where: 'site/site.yaml', text: readFileSync(join(ROOT, 'site/site.yaml'), 'utf8') },
  { where: 'src/checks/read-budgets.ts', text: readFileSync(join(ROOT, 'src/checks/read-budgets.ts'), 'utf8') },
  { where: 'src/checks/markdown-sources.ts', text: readFileSync(join(ROOT, 'src/checks/markdown-sources.ts'), 'utf8') },
];

describe('guidance points at what exists', () => {
  it.each(texts)('every README section $where names is a heading of README.md', ({ text }) => {
    for (const [, section] of text.matchAll(/README(?:\.md)? under "([^"]+)"/g)) expect(headings, section).toContain(section);
  });

  it.each(texts)('every site/ file $where names is documented in README.md', ({ text }) => {
    for (const [file] of text.matchAll(/site\/[\w-]+\.yaml/g)) expect(readme, file).toContain(`\`${file}\``);
  });
});
