import { describe, expect, it } from 'vitest';
import { fileOfPath, pathOfOutFile } from '../../../src/checks/read-built-site.ts';
import { resolveLink } from '../../../src/checks/resolve-link.ts';

const baseUrl = 'https://southbridge.dev';

describe('resolveLink', () => {
  it.each([
    ['/es/blog/', '/', { path: '/es/blog/', fragment: undefined }],
    ['#contact', '/es/', { path: '/es/', fragment: 'contact' }],
    ['/#services', '/blog/', { path: '/', fragment: 'services' }],
    ['../hello/?utm=x#top', '/blog/links/', { path: '/blog/hello/', fragment: 'top' }],
    ['https://southbridge.dev/careers/', '/', { path: '/careers/', fragment: undefined }],
    ['/es/gu%C3%ADa/#secci%C3%B3n', '/', { path: '/es/guía/', fragment: 'sección' }],
    ['#', '/', { path: '/', fragment: '' }],
    ['https://calendly.com/x', '/', undefined],
    ['//cdn.example/x.js', '/', undefined],
    ['mailto:hello@southbridge.dev', '/', undefined],
    ['tel:+5491151234567', '/', undefined],
    ['', '/', undefined],
  ])('%s on %s', (href, pagePath, expected) => {
    expect(resolveLink(href, { pagePath, baseUrl })).toEqual(expected);
  });
});

describe('pathOfOutFile and fileOfPath', () => {
  const files = new Set(['index.html', 'es/blog/index.html', '404.html', 'blog/feed.xml', 'careers/index.html']);
  it.each([
    ['index.html', '/'],
    ['es/blog/index.html', '/es/blog/'],
    ['404.html', '/404.html'],
  ])('%s is served at %s', (rel, path) => {
    expect(pathOfOutFile(rel)).toBe(path);
    expect(fileOfPath(path, (f) => files.has(f))).toBe(rel);
  });

  it.each([
    ['/blog/feed.xml', 'blog/feed.xml'],
    ['/careers', 'careers/index.html'],
    ['/missing/', undefined],
    ['/es/', undefined],
  ])('%s → %s', (path, rel) => expect(fileOfPath(path, (f) => files.has(f))).toBe(rel));
});
