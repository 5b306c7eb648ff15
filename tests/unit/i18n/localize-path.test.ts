import { describe, expect, it } from 'vitest';
import { localeOfPath, localizePath, outFileOfPath } from '../../../src/i18n/index.ts';

describe('localizePath', () => {
  it.each([
    ['en', '', '/'],
    ['es', '', '/es/'],
    ['en', 'careers', '/careers/'],
    ['es', 'trabaja-con-nosotros', '/es/trabaja-con-nosotros/'],
    ['es', '/blog/post/', '/es/blog/post/'],
    ['en', '404.html', '/404.html'],
    ['es', '404.html', '/es/404.html'],
  ])('%s + %j → %s', (locale, slug, expected) => {
    expect(localizePath({ locale, defaultLocale: 'en', slug })).toBe(expected);
  });

  it('never prefixes the default locale', () => {
    expect(localizePath({ locale: 'en', defaultLocale: 'en', slug: 'blog' })).not.toMatch(/^\/en\//);
  });
});

describe('localeOfPath and outFileOfPath', () => {
  it.each([
    ['/es/blog/', 'es'],
    ['/blog/', 'en'],
    ['/', 'en'],
    ['/estudio/', 'en'],
  ])('%s is %s', (path, locale) => expect(localeOfPath(path, ['en', 'es'], 'en')).toBe(locale));

  it.each([
    ['/', 'index.html'],
    ['/es/', 'es/index.html'],
    ['/blog/x/', 'blog/x/index.html'],
    ['/es/404.html', 'es/404.html'],
  ])('%s is written to %s', (path, file) => expect(outFileOfPath(path)).toBe(file));
});
