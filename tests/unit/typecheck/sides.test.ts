import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../support/fixture.ts';

// Each side's tsconfig, applied to a one-file probe: what `npm run typecheck` would say of that line.
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
let dir: string;
beforeAll(async () => {
  // Inside the checkout (and ignored by git), so type packages resolve from its node_modules.
  await mkdir(join(ROOT, '.cache'), { recursive: true });
  dir = await mkdtemp(join(ROOT, '.cache', 'typecheck-probe-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function typecheck(side: 'tsconfig.json' | 'src/client/tsconfig.json', name: string, source: string): Promise<string> {
  await writeFile(join(dir, `${name}.ts`), source);
  const config = join(dir, `${name}.tsconfig.json`);
  await writeFile(config, JSON.stringify({ extends: join(ROOT, side), include: [], files: [join(dir, `${name}.ts`)] }));
  const { stdout } = await promisify(execFile)(process.execPath, [TSC, '-p', config]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return stdout;
}

describe('npm run typecheck keeps browser and Node code apart', () => {
  it.each([
    ['client code importing node:fs', 'src/client/tsconfig.json', "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n", /node:fs/],
    ['client code using a Node global', 'src/client/tsconfig.json', 'export const home = process.env.HOME;\n', /process/],
    ['Node code touching document', 'tsconfig.json', 'export const title = document.title;\n', /document/],
    ['Node code touching window', 'tsconfig.json', 'export const width = window.innerWidth;\n', /window/],
  ] as const)('fails on %s', async (name, side, source, expected) => {
    const output = await typecheck(side, name.replace(/\W+/g, '-'), source);
    expect(output).toMatch(/error TS\d+/);
    expect(output).toMatch(expected);
  });

  it.each([
    ['client code using the DOM', 'src/client/tsconfig.json', 'export const title = document.title;\n'],
    ['Node code using node:fs', 'tsconfig.json', "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n"],
  ] as const)('passes %s', async (name, side, source) => {
    expect(await typecheck(side, name.replace(/\W+/g, '-'), source)).toBe('');
  });
});
