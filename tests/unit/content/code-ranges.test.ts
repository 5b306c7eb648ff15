import { describe, expect, it } from 'vitest';
import { findCodeRanges } from '../../../src/content/code-ranges.ts';
import { resolveBody } from '../../../src/content/markdown-source.ts';
import { SiteError } from '../../../src/errors/index.ts';

const constants = { claims: { trialDays: 14 }, careers: { title: 'Careers' } };
const source = { file: 'site/blog/en/post.md', bodyLine: 5 };
const codeOf = (markdown: string) => findCodeRanges(markdown).map(([start, end]) => markdown.slice(start, end));

describe('findCodeRanges', () => {
  it.each([
    ['no code', 'Plain {claims.trialDays} text.', []],
    ['an inline span', 'Run `npm {claims.trialDays}` now.', ['`npm {claims.trialDays}`']],
    ['a double-backtick span holding a backtick', 'Write ``a ` b`` here.', ['``a ` b``']],
    ['an unmatched backtick', 'A lone ` and {x.y}', []],
    ['a backtick fence', 'Before\n```jsx\n<p>{careers.title}</p>\n```\nAfter `x`', ['```jsx\n<p>{careers.title}</p>\n```', '`x`']],
    ['a tilde fence with backticks inside', '~~~\na ` b\n~~~\n', ['~~~\na ` b\n~~~']],
    ['a longer closing fence, and an unclosed one', '```\na\n`````\ntext\n```\nopen', ['```\na\n`````', '```\nopen']],
    ['a fence in a list item', '- step\n\n  ```sh\n  echo {claims.trialDays}\n  ```\n', ['  ```sh\n  echo {claims.trialDays}\n  ```']],
  ])('%s', (_, markdown, code) => expect(codeOf(markdown)).toEqual(code));
});

describe('resolveBody', () => {
  it.each([
    ['prose', 'A {claims.trialDays}-day trial.', 'A 14-day trial.'],
    ['inline code', 'Write `{claims.trialDays}` in copy.', 'Write `{claims.trialDays}` in copy.'],
    ['a fence', '```jsx\n<h1>{careers.title}</h1>\n```\n{careers.title}', '```jsx\n<h1>{careers.title}</h1>\n```\nCareers'],
    ['an escaped brace in prose', 'Write \\{claims.trialDays} to show {claims.trialDays}.', 'Write {claims.trialDays} to show 14.'],
    ['an escaped brace in code stays as written', '`\\{claims.trialDays}`', '`\\{claims.trialDays}`'],
  ])('%s', (_, body, resolved) => expect(resolveBody(body, source, constants)).toBe(resolved));

  it('does not stop at a missing constant inside code, and does after it, at its own line', () => {
    const body = '`{careers.nope}`\n\n```\n{careers.nope}\n```\n\nText {careers.nope}.';
    const error = (() => {
      try {
        resolveBody(body, source, constants);
      } catch (e) {
        return e;
      }
    })() as SiteError;
    expect(error).toBeInstanceOf(SiteError);
    expect(error.location).toEqual({ file: 'site/blog/en/post.md', line: 11 });
  });
});
