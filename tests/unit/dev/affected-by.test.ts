import { describe, expect, it } from 'vitest';
import { affectedBy, reloadKind } from '../../../src/dev/index.ts';

const dirs = { siteDir: '/p/site', templatesDir: '/p/templates', localesDir: '/p/locales' };

describe('affectedBy', () => {
  it.each([
    ['/p/site/blog/en/post.md', 'content'],
    ['/p/site/pages/home.yaml', 'content'],
    ['/p/site/collections/team.yaml', 'content'],
    ['/p/site/static/favicon.svg', 'content'],
    ['/p/site/site.yaml', 'settings'],
    ['/p/site/constants.yaml', 'settings'],
    ['/p/locales/es.yaml', 'messages'],
    ['/p/templates/pages/home.tsx', 'templates'],
    ['/p/templates/styles/base.css', 'styles'],
    ['/p/site/blog/en/.post.md.swp', 'ignored'],
    ['/p/site/blog/en/post.md~', 'ignored'],
    ['/p/site/notes.txt', 'ignored'],
    ['/p/other/file.md', 'ignored'],
  ] as const)('%s → %s', (path, kind) => expect(affectedBy(path, dirs)).toBe(kind));
});

describe('reloadKind', () => {
  it('swaps the stylesheet only when every change was CSS', () => {
    expect(reloadKind(['styles', 'styles'])).toBe('css');
    expect(reloadKind(['styles', 'content'])).toBe('reload');
    expect(reloadKind(['ignored'])).toBe('none');
  });
});
