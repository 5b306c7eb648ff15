import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import hljs from 'highlight.js/lib/core';
import { all, createLowlight } from 'lowlight';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_BY_READING, highlightGroupsCounted } from '../../../scripts/highlight-groups-counted.mjs';
import { bundleFileWith, bundleWith } from '../../support/bundle-with.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agency-site-highlight-patch-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const byReading = new Function(`${COUNT_BY_READING}\nreturn countMatchGroups;`)() as (re: RegExp | string) => number;
const byRunning = (re: RegExp | string) => (new RegExp(re.toString() + '|').exec('') as RegExpExecArray).length - 1;

/** Every expression a grammar holds: RegExps anywhere in its modes, and strings where a mode takes a pattern. */
function expressionsOf(value: unknown, found: Array<RegExp | string>, seen = new Set<unknown>()): void {
  if (!value || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  for (const [key, child] of Object.entries(value)) {
    if (child instanceof RegExp) found.push(child);
    else if (typeof child === 'string' && ['begin', 'end', 'match', 'illegal', 'beforeMatch', '$pattern'].includes(key)) found.push(child);
    else expressionsOf(child, found, seen);
  }
}

describe('the compile step bundles highlight.js counting capture groups by reading each expression', () => {
  it('counts what the regular expression engine counts, for every expression of every grammar lowlight knows, and for the edge cases', () => {
    const expressions: Array<RegExp | string> = [];
    for (const language of Object.values(all)) expressionsOf(language(hljs), expressions);
    expect(expressions.length).toBeGreaterThan(5000);
    const edges = [/(a)(?:b)(?=c)(?!d)(?<=e)(?<!f)(?<name>g)/, /\((x)\)/, /[(](y)[\]()]/, /\\(z)/, /[^]]()/, /[\\](w)/, '(a|(b))\\)', /a\/(b)/];
    for (const re of [...expressions, ...edges]) expect(byReading(re), String(re)).toBe(byRunning(re));
  });

  it('highlights as upstream does, and stops the compile when highlight.js is written otherwise', async () => {
    const outfile = await bundleWith(dir, 'highlight', "import { createLowlight, all } from 'lowlight';\nexport const lowlight = createLowlight(all);\n", [
      highlightGroupsCounted,
    ]);
    expect(await readFile(outfile, 'utf8')).toContain('const text = typeof re === "string" ? re : re.source;');
    const { lowlight: patched } = (await import(outfile)) as { lowlight: ReturnType<typeof createLowlight> };
    const upstream = createLowlight(all);
    const code = 'function f(a, b) { return (a ?? [b])[0] + `${a}` } // (note)\nclass X<T> extends Y { x = /re(g)/.test("(s)"); }\n<div id="a">&amp;</div>';
    for (const language of upstream.listLanguages()) expect(patched.highlight(language, code), language).toEqual(upstream.highlight(language, code));

    const fake = join(dir, 'node_modules', 'highlight.js', 'lib', 'core.js');
    await mkdir(join(fake, '..'), { recursive: true });
    await writeFile(fake, 'export function countMatchGroups(re) { return 0; }\n');
    await expect(bundleFileWith(dir, fake, [highlightGroupsCounted])).rejects.toThrow(/no longer counts match groups by running a RegExp/);
  });
});
