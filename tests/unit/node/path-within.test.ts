import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathWithin } from '../../../src/node/path-within.ts';

describe('pathWithin', () => {
  it.each([
    ['/srv/site', '/srv/site/blog/en/post.md', 'blog/en/post.md'],
    ['/srv/site', '/srv/site/blog/', 'blog'],
    ['/srv/site', '/srv/site', undefined],
    ['/srv/site', '/srv/site-2/x.md', undefined],
    ['/srv/site', '/srv/other/x.md', undefined],
    ['/srv/site', '/srv/site/../other/x.md', undefined],
    ['/srv/site', '/srv/site/blog/../pages/a.yaml', 'pages/a.yaml'],
    ['/srv/site', '/srv/site/./blog//a.md', 'blog/a.md'],
    ['/srv/site', '/srv/site/.hidden/a.md', '.hidden/a.md'],
    ['/srv/site', '/srv/site/..a/b.md', '..a/b.md'],
    ['/srv/site', '/srv/site/x/../../site-2/..a/b.md', undefined],
  ])('%s and %s give %s', (dir, path, expected) => {
    expect(pathWithin(dir, path)).toBe(expected);
  });

  it('agrees with path.relative on paths inside the folder', () => {
    for (const path of ['/a/b/c.md', '/a/b/c/d/e.txt', '/a/b/.x/y', '/a/b/c/']) expect(pathWithin('/a/b', path)).toBe(relative('/a/b', path));
  });
});
