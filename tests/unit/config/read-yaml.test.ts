import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { readYamlFile, validateYaml } from '../../../src/config/index.ts';
import { SiteError } from '../../../src/errors/index.ts';

const schema = z.object({ title: z.string(), order: z.number() }).strict();
const src = { file: 'site/collections/services.yaml', source: 'title: Services\norder: first\n' };

function errorOf(action: () => unknown): SiteError {
  try {
    action();
  } catch (error) {
    if (error instanceof SiteError) return error;
    throw error;
  }
  throw new Error('expected a SiteError');
}

describe('validateYaml', () => {
  it('says which value has the wrong type, on its line', () => {
    const error = errorOf(() => validateYaml(src, { title: 'Services', order: 'first' }, schema, 'collection'));
    expect(error.data).toMatchObject({ name: 'InvalidField', title: 'Invalid collection', field: 'order', location: { file: src.file, line: 2 } });
    expect(error.message).toBe('Field "order": expected number, got "first".');
  });

  it('calls a field that is absent required', () => {
    const error = errorOf(() => validateYaml(src, { title: 'Services' }, schema, 'collection'));
    expect(error.message).toBe('Field "order": required, expected number.');
  });
});

describe('readYamlFile', () => {
  it('reports a missing site.yaml as MissingConfigFile, not an internal error', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agency-site-read-yaml-'));
    const error = await readYamlFile(join(dir, 'site.yaml'), 'nowhere/site.yaml', schema, 'site settings').catch((e: unknown) => e);
    await rm(dir, { recursive: true });
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).data).toMatchObject({
      name: 'MissingConfigFile',
      message: 'nowhere/site.yaml does not exist.',
      location: { file: 'nowhere/site.yaml' },
    });
    expect((error as SiteError).data.hint).toContain('--site');
  });
});
