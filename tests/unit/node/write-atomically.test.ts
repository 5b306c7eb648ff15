import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEMP_NAME, tempBeside, writeFileAtomically } from '../../../src/node/write-atomically.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomically', () => {
  const write = async (file: string, data: string) => writeFileAtomically(file, data);
  it('replaces the file whole, makes its folder, and leaves nothing beside it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'agency-site-atomic-'));
    const file = join(dir, 'deep/er/state.json');
    await write(file, '{"first": true}');
    await write(file, '{"second": true}');
    expect(readFileSync(file, 'utf8')).toBe('{"second": true}');
    expect(readdirSync(join(dir, 'deep/er'))).toEqual(['state.json']);
  });

  it('fails without touching the file or leaving a temporary one when the rename cannot happen', async () => {
    dir = mkdtempSync(join(tmpdir(), 'agency-site-atomic-'));
    // A folder where the file should be: the rename over it fails.
    const file = join(dir, 'index.json');
    writeFileSync(join(dir, 'kept.json'), 'kept');
    mkdirSync(join(file, 'inside'), { recursive: true });
    await expect(write(file, '{}')).rejects.toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
    expect(readdirSync(dir).sort()).toEqual(['index.json', 'kept.json']);
  });
});

describe('tempBeside', () => {
  it('gives each call its own hidden name beside the file, which TEMP_NAME recognises', () => {
    const [a, b] = [tempBeside('/site/.cache/graph-v4.json'), tempBeside('/site/.cache/graph-v4.json')];
    expect(a).not.toBe(b);
    for (const name of [a, b]) {
      expect(name.startsWith('/site/.cache/.graph-v4.json.')).toBe(true);
      expect(TEMP_NAME.test(name.slice('/site/.cache/'.length))).toBe(true);
    }
    expect(TEMP_NAME.test('graph-v4.json')).toBe(false);
  });
});
