import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import matter from 'gray-matter';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMarkdownReuse } from '../../../scripts/from-markdown-reuse.mjs';
import { micromarkConstructsOnce } from '../../../scripts/micromark-constructs-once.mjs';
import { subtokenizeJumpsInAMap } from '../../../scripts/subtokenize-jumps-in-a-map.mjs';
import { bundleFileWith, bundleWith } from '../../support/bundle-with.ts';
import { ROOT } from '../../support/fixture.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agency-site-parser-patches-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

type Parse = (body: string) => unknown;
const upstream: Parse = (body) => unified().use(remarkParse).use(remarkGfm).use(remarkDirective).parse(body);

function markdownFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name));
}

// Every handler family: containers and their line endings, lists (spread, tight, tasks), tables,
// footnotes, references, autolinks, raw HTML, directives with attributes and labels.
const constructs = [
  '# Title\n\nSetext\n===\n\n> quote\n> - in a list\n>\n> ```js\n> const a = 1;\n> ```',
  '1. one\n2. two\n\n   spread\n\n- [ ] open\n- [x] done\n  * nested `code`',
  '| a | b |\n|:-|-:|\n| *1* | [2](/x) |\n\nText[^1] and ~~gone~~ www.example.com hello@example.com\n\n[^1]: The note.',
  '[ref][r] ![alt][r] <https://example.com> <div class="raw">\n\n*html*\n\n</div>\n\n[r]: /target "Title"',
  ':::note{.tip #id key="value"}\nInside :kbd[Ctrl]{x=1}\n\n::cta[Label]{kind="guide"}\n:::\n\n    indented code\n\n***\n\nhard  \nbreak\\\nend &amp; &copy;',
];

describe('the compile step bundles the markdown parser with its hot paths rewritten', () => {
  it("parses every markdown file of the site and the fixtures, and every construct, to upstream's tree, positions included", async () => {
    const outfile = await bundleWith(
      dir,
      'parse',
      [
        "import { unified } from 'unified';",
        "import remarkParse from 'remark-parse';",
        "import remarkGfm from 'remark-gfm';",
        "import remarkDirective from 'remark-directive';",
        'export const parse = (body) => unified().use(remarkParse).use(remarkGfm).use(remarkDirective).parse(body);',
        // One processor for every document, as the build has: its compiler and constructs are reused.
        'const shared = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).freeze();',
        'export const parseShared = (body) => shared.parse(body);',
        '',
      ].join('\n'),
      [fromMarkdownReuse, micromarkConstructsOnce, subtokenizeJumpsInAMap],
    );
    const bundled = await readFile(outfile, 'utf8');
    // Every patch is in the bundle (esbuild may number the names: `index2`).
    expect(bundled).toMatch(/context\d*\.sliceSerialize = events\d*\[index\d*\]\[2\]\.sliceSerialize;/);
    expect(bundled).toMatch(/return compilerFor\(options\)\(postprocess\(/);
    expect(bundled).toMatch(/constructsOf\(settings\.extensions\)/);
    expect(bundled).not.toMatch(/\.call\(\{\s*\.\.\.context\d*,/);
    expect(bundled).toMatch(/while \(jumps\d*\.has\(index\d*\)\)/);
    expect(bundled).not.toMatch(/Object\.assign\(jumps/);
    const { parse: patched, parseShared } = (await import(outfile)) as { parse: Parse; parseShared: Parse };
    const files = [...markdownFiles(join(ROOT, 'site')), ...markdownFiles(join(ROOT, 'tests/fixtures'))];
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const body = matter(readFileSync(file, 'utf8')).content;
      expect(patched(body), file).toEqual(upstream(body));
    }
    for (const body of constructs) expect(patched(body), body).toEqual(upstream(body));
    // In sequence with one processor, each after documents left mid-construct (an open fence, a
    // list, a setext underline, a reference): nothing one document set carries into the next.
    const unfinished = ['```js\nconst open = true;', '- item\n  - nested', 'Heading\n---', '[label]: /x "title', '> quote\n> ```\n> code'];
    for (const body of [...unfinished, ...constructs, ...unfinished.reverse(), ...files.map((f) => matter(readFileSync(f, 'utf8')).content)])
      expect(parseShared(body), body.slice(0, 60)).toEqual(upstream(body));
  });

  it.each([
    ['mdast-util-from-markdown/lib/index.js', fromMarkdownReuse, /no longer copies its context per event/],
    ['micromark/lib/parse.js', micromarkConstructsOnce, /no longer merges its constructs per document/],
    ['micromark-util-subtokenize/index.js', subtokenizeJumpsInAMap, /no longer has `const jumps = \{\};` once/],
  ])('stops the compile when %s is written otherwise (a new version)', async (path, plugin, message) => {
    const fake = join(dir, 'node_modules', path);
    await mkdir(join(fake, '..'), { recursive: true });
    await writeFile(fake, 'export function parse() {}\n');
    await expect(bundleFileWith(dir, fake, [plugin])).rejects.toThrow(message);
  });
});
