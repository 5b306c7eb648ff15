import { describe, expect, it } from 'vitest';
import { findMarkdownImages } from '../../../src/content/markdown-images.ts';
import type { SiteError } from '../../../src/errors/index.ts';
import { isLocalFileLink, resolveSitePath } from '../../../src/shared/site-paths.ts';

const options = { file: 'site/blog/a-post/index.md', bodyLine: 6, dir: '/blog/a-post/', remoteHosts: ['diagrams.example.com'] };

function find(body: string) {
  const problems: SiteError[] = [];
  const refs = findMarkdownImages(body, options, problems);
  return { refs: refs.map((r) => [r.kind, r.key, r.line]), problems: problems.map((p) => [p.data.name, p.data.location?.line, p.data.location?.column]) };
}

describe('resolveSitePath', () => {
  it.each([
    ['./shot.png', '/blog/a-post/shot.png'],
    ['shot.png', '/blog/a-post/shot.png'],
    ['../shared/diagram.svg', '/blog/shared/diagram.svg'],
    ['/images/team.jpg', '/images/team.jpg'],
    ['./my%20shot.png?v=2#top', '/blog/a-post/my shot.png'],
    ['../../../../etc/passwd', undefined],
  ])('%s in /blog/a-post/ → %s', (src, expected) => {
    expect(resolveSitePath(src, '/blog/a-post/')).toBe(expected);
  });
});

describe('isLocalFileLink', () => {
  it.each([
    ['./checklist.pdf', true],
    ['slides.KEY', true],
    ['../other-post/', false],
    ['./other-post.md', false],
    ['/files/x.pdf', false],
    ['https://example.com/x.pdf', false],
    ['#heading', false],
    ['mailto:hello@example.com', false],
  ])('%s → %s', (href, expected) => {
    expect(isLocalFileLink(href)).toBe(expected);
  });
});

describe('findMarkdownImages', () => {
  it('finds markdown images, raw <img> and linked files, relative to the folder, with their lines', () => {
    const body = [
      '![A shot](./shot.png)',
      '<img src="icon.png" alt="An icon">',
      'Read [the checklist](checklist.pdf) or [the post](../other/).',
      '![Diagram](https://diagrams.example.com/a.png)',
    ].join('\n');
    expect(find(body)).toEqual({
      refs: [
        ['image', '/blog/a-post/shot.png', 6],
        ['image', '/blog/a-post/icon.png', 7],
        ['file', '/blog/a-post/checklist.pdf', 8],
        ['remote', 'https://diagrams.example.com/a.png', 9],
      ],
      problems: [],
    });
  });

  it('reports every problem of a body, not only the first, each at its line and column', () => {
    const body = [
      '![One](https://i.imgur.com/1.png)',
      '',
      'Text ![](./no-alt.png)',
      '<img src="raw.png">',
      '![Two](//i.imgur.com/2.png)',
      '![Up](/uploads/x.png)',
    ].join('\n');
    expect(find(body).problems).toEqual([
      ['ExternalImage', 6, 1],
      ['MissingAltText', 8, 6],
      ['MissingAltText', 9, 1],
      ['ExternalImage', 10, 1],
      ['ExternalImage', 11, 1],
    ]);
  });

  it('reads <destinations with spaces>, as a screenshot saved under its usual name must be written', () => {
    const body = [
      '![The heap, before](<Screenshot 2026-02-12 at 10.41.03.png>)',
      '',
      'Print [the checklist](<leak checklist.pdf> "PDF").',
      '![](<no alt.png>)',
    ].join('\n');
    expect(find(body)).toEqual({
      refs: [
        ['image', '/blog/a-post/Screenshot 2026-02-12 at 10.41.03.png', 6],
        ['file', '/blog/a-post/leak checklist.pdf', 8],
        ['image', '/blog/a-post/no alt.png', 9],
      ],
      problems: [['MissingAltText', 9, 1]],
    });
  });

  it('finds the files of raw video and audio, and nothing inside inline code', () => {
    const body = [
      '<video controls src="deploy.mp4"></video>',
      '<audio controls><source src="./narration.mp3" type="audio/mpeg"></audio>',
      'Write `![Chart](https://example.com/chart.png)` and `<video src="x.mp4">` in a post.',
    ].join('\n');
    expect(find(body)).toEqual({
      refs: [
        ['file', '/blog/a-post/deploy.mp4', 6],
        ['file', '/blog/a-post/narration.mp3', 7],
      ],
      problems: [],
    });
  });

  it('skips code blocks and accepts decorative images (a title, or a raw alt="")', () => {
    const body = ['```md', '![](https://i.imgur.com/in-code.png)', '```', '![](./line.png "decorative")', '<img src="rule.png" alt="">'].join('\n');
    expect(find(body)).toEqual({
      refs: [
        ['image', '/blog/a-post/line.png', 9],
        ['image', '/blog/a-post/rule.png', 10],
      ],
      problems: [],
    });
  });
});
