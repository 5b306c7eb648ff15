import { describe, expect, it } from 'vitest';
import { ERROR_ENTRIES, FINDING_ENTRIES, WARNING_ENTRIES } from '../../../src/errors/index.ts';
import { formatErrorReference } from '../../../src/errors/error-reference.ts';

describe('src/errors/README.md', () => {
  // Out of date? Regenerate it: npx vitest run tests/unit/errors/errors-readme.test.ts -u
  it('is the reference generated from the catalogue', async () => {
    await expect(formatErrorReference()).toMatchFileSnapshot('../../../src/errors/README.md');
  });

  it('lists every error, warning and finding once, under its stage', () => {
    const text = formatErrorReference();
    for (const entry of [...ERROR_ENTRIES, ...WARNING_ENTRIES, ...FINDING_ENTRIES])
      expect(text.match(new RegExp(`^### ${entry.name}$`, 'gm')), entry.name).toHaveLength(1);
    expect(text.indexOf('### YamlSyntaxError')).toBeLessThan(text.indexOf('### MissingConstant'));
    expect(text.indexOf('### MissingConstant')).toBeLessThan(text.indexOf('### InvalidDeployOption'));
    expect(text).toContain('### DraftSkipped\n\n**Warning: A draft is not published.**');
  });
});
