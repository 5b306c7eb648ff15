import { describe, expect, it } from 'vitest';
import { atomFeed } from '../../../src/output/site-files.ts';
import { tagSlug } from '../../../src/shared/tag-slug.ts';

describe('tags: shown with accents, matched as ASCII', () => {
  it.each([
    ['autenticación', 'autenticacion'],
    ['configuración', 'configuracion'],
    ['tiempo real', 'tiempo-real'],
    ['github-actions', 'github-actions'],
    ['Código limpio', 'codigo-limpio'],
    ['i18n', 'i18n'],
  ])('%s → %s', (tag, slug) => {
    expect(tagSlug(tag)).toBe(slug);
  });

  it('writes each Atom category with the slug as term and the tag as label', () => {
    const xml = atomFeed(
      {
        path: '/es/feed.xml',
        title: 'Blog',
        url: 'https://example.com/es/blog/',
        entries: [{ title: 'JWT', description: 'd', url: 'https://example.com/es/blog/jwt/', date: '2026-03-01', tags: ['autenticación', 'tiempo real'] }],
      },
      { baseUrl: 'https://example.com', locale: 'es', author: 'Southbridge Dev' },
    );
    expect(xml).toContain('<category term="autenticacion" label="autenticación"/><category term="tiempo-real" label="tiempo real"/>');
  });
});
