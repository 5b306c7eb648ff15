import { describe, expect, it } from 'vitest';
import { postSlug, postTemplate, today } from '../../../src/scaffold/index.ts';
import { parseFrontMatter } from '../../../src/content/index.ts';
import { postFrontMatterSchema } from '../../../src/content/schemas.ts';

describe('postSlug', () => {
  it.each([
    ['Índices en PostgreSQL: guía práctica', 'indices-en-postgresql-guia-practica'],
    ['¿Qué es el Event Loop?', 'que-es-el-event-loop'],
    ['Año nuevo, diseño nuevo', 'ano-nuevo-diseno-nuevo'],
    ['  React 19 & Node.js 22  ', 'react-19-node-js-22'],
    ['Über-Schnell!!!', 'uber-schnell'],
    ['???', ''],
  ])('%s → %s', (title, slug) => expect(postSlug(title)).toBe(slug));
});

describe('postTemplate', () => {
  it.each(['Plain title', 'Colons: quotes "and" #hashes', "It's a [draft] {really}"])('writes front matter the build accepts for %s', (title) => {
    const slug = postSlug(title);
    const text = postTemplate({ title, slug, date: '2026-03-01' });
    const { data } = parseFrontMatter('post.md', text, postFrontMatterSchema, 'post front matter');
    expect(data).toEqual({ title, description: title, date: '2026-03-01', tags: [], translationKey: slug, draft: true });
  });
});

describe('today', () => {
  it('writes the local date as YYYY-MM-DD', () => {
    expect(today(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
