import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/SPANISH-STYLE.md, enforced on the Spanish sources a visitor reads: voseo everywhere but
// the legal pages, one spelling of caché, "biblioteca", es-AR percent. Code blocks and inline code
// are left out: they quote identifiers, not prose.
const root = join(import.meta.dirname, '../../..');

const TU_FORMS =
  /(?<![\p{L}])(puedes|tienes|quieres|necesitas|eres|prefieres|recibes|contigo|cuéntanos|escríbenos|déjanos|compártenos|agenda una|revisa tu|reúnete|postúlate|fíjate|pruébalo|ten en cuenta)(?![\p{L}])/giu;
const RULES: Array<[string, RegExp]> = [
  ['tú instead of vos', TU_FORMS],
  ['"librería" for a software library', /librer[ií]as?/giu],
  ['"cache" without its accent', /(?<![\p{L}`-])(la|el|una|las|de|en|cualquier|dos) caches?(?![\p{L}-])/giu],
  ['a space before %', /\d %/gu],
];

/** Every Spanish line of prose with its place: blog posts, the es messages, es values of pages and collections. */
function spanishProse(): Array<{ where: string; text: string }> {
  const lines: Array<{ where: string; text: string }> = [];
  const add = (file: string, keep: (line: string) => string | null) => {
    let code = false;
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (line.startsWith('```')) return void (code = !code);
        const text = code ? null : keep(line);
        if (text) lines.push({ where: `${file}:${i + 1}`, text: text.replace(/`[^`]*`/g, '``').replace(/\]\([^)]*\)/g, ']') });
      });
  };
  for (const name of readdirSync(join(root, 'site/blog/es'))) add(`site/blog/es/${name}`, (l) => l);
  add('locales/es.yaml', (l) => (l.trimStart().startsWith('#') ? null : l));
  for (const dir of ['site/pages', 'site/collections']) {
    for (const name of readdirSync(join(root, dir))) {
      if (/privacy|terms/.test(name)) continue;
      add(`${dir}/${name}`, (l) => [...l.matchAll(/\bes:\s*("(?:[^"\\]|\\.)*"|[^,}\n]+)/g)].map((m) => m[1]).join(' ') || null);
    }
  }
  add('site/navigation.yaml', (l) => [...l.matchAll(/\bes:\s*([^,}\n]+)/g)].map((m) => m[1]).join(' ') || null);
  return lines;
}

describe('Spanish copy follows docs/SPANISH-STYLE.md', () => {
  const prose = spanishProse();

  it('reads enough Spanish to mean something', () => {
    expect(prose.length).toBeGreaterThan(1500);
  });

  it.each(RULES)('has no %s', (_rule, pattern) => {
    const found = prose.flatMap(({ where, text }) => [...text.matchAll(pattern)].map((m) => `${where}: ${m[0]}`));
    expect(found).toEqual([]);
  });
});

describe('English copy speaks like a US startup', () => {
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  const english = [
    'locales/en.yaml',
    ...readdirSync(join(root, 'site/blog/en')).map((n) => `site/blog/en/${n}`),
    ...readdirSync(join(root, 'site/legal/en')).map((n) => `site/legal/en/${n}`),
    ...['site/pages', 'site/collections'].flatMap((dir) => readdirSync(join(root, dir)).map((n) => `${dir}/${n}`)),
    'site/navigation.yaml',
  ];

  it('spells "email" one way', () => {
    const found = english.flatMap((file) => (/\be-mail/i.test(read(file)) ? [file] : []));
    expect(found).toEqual([]);
  });

  it('uses contractions in the UI messages', () => {
    const formal = read('locales/en.yaml')
      .split('\n')
      .flatMap((line, i) =>
        [...line.matchAll(/\b(do not|does not|is not|are not|could not|cannot|we are|you are|we will|it is)\b/gi)].map(
          (m) => `locales/en.yaml:${i + 1}: ${m[0]}`,
        ),
      );
    expect(formal).toEqual([]);
  });
});
