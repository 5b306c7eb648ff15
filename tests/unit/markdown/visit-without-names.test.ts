import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { visitParents, EXIT, SKIP } from 'unist-util-visit-parents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitWithoutNames } from '../../../scripts/visit-without-names.mjs';
import { bundleFileWith, bundleWith } from '../../support/bundle-with.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agency-site-visit-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const tree = {
  type: 'root',
  children: [
    { type: 'heading', children: [{ type: 'text', value: 'Hola' }] },
    { type: 'list', children: [{ type: 'listItem', children: [{ type: 'text', value: 'skipped' }] }] },
    {
      type: 'paragraph',
      children: [
        { type: 'text', value: 'stop' },
        { type: 'text', value: 'never' },
      ],
    },
  ],
};

/** What a walk sees: each node's type and depth, with SKIP under lists and EXIT at "stop". */
type Visit = typeof visitParents;
const walk = (visit: Visit) => {
  const seen: string[] = [];
  visit(tree as never, (node: { type: string; value?: string }, parents: unknown[]) => {
    seen.push(`${parents.length}:${node.type}${node.value ? `=${node.value}` : ''}`);
    if (node.type === 'list') return SKIP;
    if (node.value === 'stop') return EXIT;
    return undefined;
  });
  return seen;
};

describe('the compile step bundles unist-util-visit-parents without naming each visitor', () => {
  it('drops the naming statement, and a walk sees the same nodes in the same order', async () => {
    const outfile = await bundleWith(dir, 'visit', "export { visitParents } from 'unist-util-visit-parents';\n", [visitWithoutNames]);
    const bundled = await readFile(outfile, 'utf8');
    expect(bundled).toContain('function factory(');
    expect(bundled).not.toContain('defineProperty(visit');
    const { visitParents: patched } = (await import(outfile)) as { visitParents: Visit };
    expect(walk(patched)).toEqual(walk(visitParents));
    expect(walk(patched)).toEqual(['0:root', '1:heading', '2:text=Hola', '1:list', '1:paragraph', '2:text=stop']);
  });

  it('stops the compile when the library no longer has the statement (a new version)', async () => {
    const fake = join(dir, 'node_modules/unist-util-visit-parents/lib/index.js');
    await mkdir(join(fake, '..'), { recursive: true });
    await writeFile(fake, 'export function visitParents() {}\n');
    await expect(bundleFileWith(dir, fake, [visitWithoutNames])).rejects.toThrow(/no longer names its visitors/);
  });
});
