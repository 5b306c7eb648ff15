import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import matter from 'gray-matter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yamlWithoutEsprima } from '../../../scripts/yaml-without-esprima.mjs';
import { bundleFileWith, bundleWith } from '../../support/bundle-with.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agency-site-yaml-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const post = '---\ntitle: "Deploys: what we learned"\ndate: 2026-03-04\ntags: [node, aws]\ndraft: false\n---\n\nThe body.\n';

describe('the compile step bundles gray-matter without loading esprima', () => {
  it('never requires esprima, and reads front matter as the package does', async () => {
    const outfile = await bundleWith(dir, 'matter', "export { default as matter } from 'gray-matter';\n", [yamlWithoutEsprima]);
    const bundled = await readFile(outfile, 'utf8');
    expect(bundled).not.toMatch(/_require\(["']esprima["']\)/);
    expect(bundled).toContain('esprima = void 0');
    const { matter: patched } = (await import(outfile)) as { matter: typeof matter };
    const read = (m: typeof matter) => {
      const { data, content } = m(post, {});
      return { data, content };
    };
    expect(read(patched)).toEqual(read(matter));
    expect(read(patched).data).toEqual({ title: 'Deploys: what we learned', date: new Date('2026-03-04'), tags: ['node', 'aws'], draft: false });
    // The JavaScript types were never in the schema front matter is read with.
    expect(() => patched('---\nrun: !!js/function "function () { return 1 }"\n---\n', {})).toThrow(/unknown tag/);
  });

  it('stops the compile when js-yaml no longer requires esprima that way (a new version)', async () => {
    const fake = join(dir, 'node_modules/js-yaml/lib/js-yaml/type/js/function.js');
    await mkdir(join(fake, '..'), { recursive: true });
    await writeFile(fake, 'module.exports = {};\n');
    await expect(bundleFileWith(dir, fake, [yamlWithoutEsprima])).rejects.toThrow(/no longer requires esprima/);
  });
});
