import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// Each import after resetModules is a process of its own: an empty memory until it loads one.
async function freshProcess() {
  vi.resetModules();
  return import('../../../src/config/index.ts');
}

let validations = 0;
const schema = z.object({ title: z.string(), years: z.number().transform((n) => (validations++, n)) });
const src = (source: string) => ({ file: 'site/collections/team.yaml', source });

describe('YAML remembered between builds', () => {
  it('a build parses each file once; the next one takes the value from .cache/, a copy of its own', async () => {
    dir = mkdtempSync(join(tmpdir(), 'agency-site-yaml-memory-'));
    const first = await freshProcess();
    first.loadYamlMemory(dir);
    validations = 0;
    expect(first.readValidYaml(src('title: Equipo\nyears: 6\n'), schema, 'collection')).toEqual({ title: 'Equipo', years: 6 });
    expect(validations).toBe(1);
    first.saveYamlMemory(dir);

    const second = await freshProcess();
    second.loadYamlMemory(dir);
    const value = second.readValidYaml(src('title: Equipo\nyears: 6\n'), schema, 'collection');
    expect(value).toEqual({ title: 'Equipo', years: 6 });
    expect(validations).toBe(1);
    value.title = 'changed by a caller';
    expect(second.readValidYaml(src('title: Equipo\nyears: 6\n'), schema, 'collection').title).toBe('Equipo');
    // Another text, or the same text read as something else, is parsed.
    expect(second.readValidYaml(src('title: Equipo\nyears: 7\n'), schema, 'collection').years).toBe(7);
    expect(second.readValidYaml(src('title: Equipo\nyears: 6\n'), schema, 'collection', { variant: 'en,es,pt' }).years).toBe(6);
    expect(validations).toBe(3);
  });

  it('an invalid file is never remembered: each build reports it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'agency-site-yaml-memory-'));
    const config = await freshProcess();
    config.loadYamlMemory(dir);
    for (let build = 0; build < 2; build++)
      expect(() => config.readValidYaml(src('title: Equipo\nyears: seis\n'), schema, 'collection')).toThrow(/Field "years": expected number/);
    config.saveYamlMemory(dir);
    expect(() => readFileSync(join(dir, 'yaml-v1.json'))).toThrow(/ENOENT/);
  });

  it('keeps only the texts the last build read, so edits do not pile up', async () => {
    dir = mkdtempSync(join(tmpdir(), 'agency-site-yaml-memory-'));
    const first = await freshProcess();
    first.loadYamlMemory(dir);
    first.readValidYaml(src('title: A\nyears: 1\n'), schema, 'collection');
    first.readValidYaml(src('title: B\nyears: 2\n'), schema, 'collection');
    first.saveYamlMemory(dir);
    const second = await freshProcess();
    second.loadYamlMemory(dir);
    second.readValidYaml(src('title: B\nyears: 2\n'), schema, 'collection');
    second.readValidYaml(src('title: C\nyears: 3\n'), schema, 'collection');
    second.saveYamlMemory(dir);
    const saved = JSON.parse(readFileSync(join(dir, 'yaml-v1.json'), 'utf8')) as { values: Record<string, string> };
    expect(
      Object.values(saved.values)
        .map((v) => (JSON.parse(v) as { title: string }).title)
        .sort(),
    ).toEqual(['B', 'C']);
  });

  it('without a loaded memory (check, serve) nothing is remembered', async () => {
    dir = mkdtempSync(join(tmpdir(), 'agency-site-yaml-memory-'));
    const config = await freshProcess();
    validations = 0;
    config.readValidYaml(src('title: Equipo\nyears: 6\n'), schema, 'collection');
    config.readValidYaml(src('title: Equipo\nyears: 6\n'), schema, 'collection');
    expect(validations).toBe(2);
  });
});
