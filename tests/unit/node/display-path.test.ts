import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPath } from '../../../src/node/display-path.ts';

describe('displayPath', () => {
  const cwd = process.cwd();
  it.each([
    `${cwd}/site/blog/en/post.md`,
    `${cwd}/site/blog/../pages/home.yaml`,
    `${cwd}/site/./blog/post.md`,
    `${cwd}//site/blog/post.md`,
    `${cwd}/site/blog/`,
    `${cwd}-other/site.yaml`,
    `${cwd}`,
    '/elsewhere/site/site.yaml',
    `${cwd}/.cache/pages-v8/index-v2.json`,
    `${cwd}/site/..hidden/x.md`,
  ])('%s reads as path.relative says', (file) => {
    expect(displayPath(file)).toBe(relative(cwd, file) || file);
  });
});
