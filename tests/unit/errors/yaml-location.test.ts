import { describe, expect, it } from 'vitest';
import { codeFrame, locateYamlPath } from '../../../src/errors/index.ts';

const source = `template: home
slug:
  en: careers
  es: trabaja
items:
  - id: a
  - id: b
    title: Second
`;

describe('locateYamlPath', () => {
  it.each([
    [['template'], 1],
    [['slug', 'es'], 4],
    [['items', 1, 'title'], 8],
    [['slug', 'fr'], 2],
  ] as const)('%j is on line %i', (path, line) => {
    expect(locateYamlPath(source, path)?.line).toBe(line);
  });

  it('adds the offset of front matter', () => {
    expect(locateYamlPath('title: x\ndate: bad\n', ['date'], 1)?.line).toBe(3);
  });
});

describe('codeFrame', () => {
  it('marks the line and column', () => {
    const frame = codeFrame('a\nbb\nccc\n', 2, 2);
    expect(frame).toContain('> 2 | bb');
    expect(frame).toContain('|  ^');
  });
});
