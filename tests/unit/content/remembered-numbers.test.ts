import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatConstant, loadRememberedNumbers, saveRememberedNumbers } from '../../../src/content/index.ts';

// Tags no other test formats with: the memory is the process's.
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const icu = `${process.versions.icu}/${process.versions.cldr}`;

describe('numbers remembered between builds', () => {
  it('a build saves what ICU wrote, and the next one writes it from memory', () => {
    dir = mkdtempSync(join(tmpdir(), 'agency-site-numbers-'));
    expect(formatConstant(12500, 'es-UY')).toBe('12.500');
    saveRememberedNumbers(dir);
    const saved = JSON.parse(readFileSync(join(dir, 'numbers-v1.json'), 'utf8')) as { icu: string; tags: Record<string, unknown> };
    expect(saved.icu).toBe(icu);
    expect(saved.tags['es-UY']).toContainEqual([12500, '12.500']);

    // What the file says is what is written: no formatter is asked again.
    writeFileSync(join(dir, 'numbers-v1.json'), JSON.stringify({ icu, tags: { 'es-PY': [[7000, '7 000 (remembered)']] } }));
    loadRememberedNumbers(dir);
    expect(formatConstant(7000, 'es-PY')).toBe('7 000 (remembered)');
  });

  it('numbers another ICU wrote are not taken, and nothing new is not saved again', () => {
    dir = mkdtempSync(join(tmpdir(), 'agency-site-numbers-'));
    writeFileSync(join(dir, 'numbers-v1.json'), JSON.stringify({ icu: '1.0/1.0', tags: { 'es-BO': [[3000, 'tres mil']] } }));
    loadRememberedNumbers(dir);
    expect(formatConstant(3000, 'es-BO')).toBe(new Intl.NumberFormat('es-BO').format(3000));
    saveRememberedNumbers(dir);
    // Saved once with the new number; a second save finds nothing new and leaves the file alone.
    writeFileSync(join(dir, 'numbers-v1.json'), 'left alone');
    saveRememberedNumbers(dir);
    expect(readFileSync(join(dir, 'numbers-v1.json'), 'utf8')).toBe('left alone');
  });
});
