import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/markdown/parse-markdown.ts';
import { ROOT } from '../../support/fixture.ts';

// What parseMarkdown must equal: one parser with every construct, positions included.
const everyConstruct = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).freeze();
const parsedBoth = (body: string) => [parseMarkdown(new VFile(body)), everyConstruct.parse(new VFile(body))];

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('parseMarkdown: a body is parsed without the constructs its characters rule out', () => {
  const files = [...markdownFiles(join(ROOT, 'site')), ...markdownFiles(join(ROOT, 'tests/fixtures'))];

  it('gives the tree of the full parser for every markdown file of the site and the fixtures', () => {
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const [fast, full] = parsedBoth(matter(readFileSync(file, 'utf8')).content);
      expect(fast, file).toEqual(full);
    }
  });

  // Each construct present (the parse must find it) and absent (the parse may skip it), at the
  // boundary of the characters it needs.
  it.each([
    ['an email autolink', 'Write to hello@example.com today.'],
    ['mailto and xmpp autolinks', 'mailto:team@example.com and xmpp:bot@example.com'],
    ['text that only looks like an address', 'Use www.example.com or https://example.com/a, not user at example.com.'],
    ['a table with pipes', '| a | b |\n|---|---|\n| 1 | 2 |'],
    ['a one-column table without a pipe, left-aligned', 'Size\n:-\nsmall'],
    ['a one-column table without a pipe, right-aligned', 'Size\n--:\nsmall'],
    ['a setext heading, no table', 'Size\n---\nsmall'],
    ['a colon and a space below a line, no table', 'Size\n: -\nsmall'],
    ['a leaf directive', 'Before\n\n::cta{kind="strategy-call"}\n\nAfter'],
    ['a container directive', ':::note\nInside\n:::'],
    ['a text directive', 'Press :kbd[Ctrl] now'],
    ['colons that open no directive', 'At 10:30, see https://example.com: a note:  done.'],
    ['all of them at once', 'a@b.co\n\n| x |\n| - |\n\n::cta{kind="guide"}'],
    ['none of them', '# Title\n\nPlain *text* with `code` and [a link](/blog/).\n\n- one\n- two\n\n```js\nconst a = 1;\n```'],
  ])('%s', (_name, body) => {
    const [fast, full] = parsedBoth(body);
    expect(fast).toEqual(full);
  });
});
