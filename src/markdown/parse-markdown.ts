import type { Root } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified, type Data, type Processor } from 'unified';
import type { VFile } from 'vfile';

/**
 * micromark tries every construct it knows wherever one could start: GFM's email autolink at every
 * word, the table at every paragraph's second line, the directives at every colon. That was a fifth
 * to a quarter of parsing the benchmark's posts (BENCHMARKS.md, 2026-11-26). A construct needs some
 * characters to exist at all, so a body without them is parsed without it, which gives the same
 * tree (parse-markdown.test.ts compares both parses on every markdown file of the site and the
 * fixtures, and on cases at each boundary).
 */
const OPTIONAL_CONSTRUCTS: ReadonlyArray<{ name: string; possibleIn: RegExp }> = [
  // GFM's constructs, by name. `a@b.c`, `mailto:a@b.c` and `xmpp:a@b.c` all have an `@`.
  { name: 'emailAutolink', possibleIn: /@/ },
  // A delimiter row needs a `|`, or a colon beside a dash: `a\n:-` is a one-column table.
  { name: 'table', possibleIn: /\||:-|-:/ },
  // `:name`, `::name` and `:::name` (the whole directive extension): a name starts with anything but
  // whitespace or punctuation (`10:30` opens one, which remark-components.ts turns back into text).
  { name: 'directive', possibleIn: /:[^\s/]/ },
];

type Extension = NonNullable<Data['micromarkExtensions']>[number];
type MdastExtensions = NonNullable<Data['fromMarkdownExtensions']>;

function extensionsOf(plugin: typeof remarkGfm | typeof remarkDirective): { micromark: Extension[]; mdast: MdastExtensions } {
  const processor = unified().use(plugin).freeze();
  return { micromark: processor.data('micromarkExtensions') ?? [], mdast: processor.data('fromMarkdownExtensions') ?? [] };
}

const gfm = extensionsOf(remarkGfm);
const directive = extensionsOf(remarkDirective);
// The mdast side only handles the tokens it is given, so every parser keeps all of it.
const mdastExtensions = [...gfm.mdast, ...directive.mdast];

/** The extension with the named constructs taken out of every hook (`text`, `flow`, …) they sit in. */
function withoutConstructs(extension: Extension, names: ReadonlySet<string>): Extension {
  const result: Record<string, unknown> = {};
  for (const [field, hooks] of Object.entries(extension)) {
    if (!hooks || typeof hooks !== 'object' || Array.isArray(hooks)) {
      result[field] = hooks;
      continue;
    }
    const kept: Record<string, unknown> = {};
    for (const [code, constructs] of Object.entries(hooks as Record<string, unknown>)) {
      const list = ([] as Array<{ name?: string }>).concat(constructs as never).filter((construct) => !names.has(construct.name ?? ''));
      if (list.length) kept[code] = list;
    }
    result[field] = kept;
  }
  return result as Extension;
}

const parsers = new Map<string, Processor<Root>>();

/** The parser for this body: one per set of constructs it cannot contain, made on first use. */
function parserFor(source: string): Processor<Root> {
  const absent = new Set(OPTIONAL_CONSTRUCTS.filter((construct) => !construct.possibleIn.test(source)).map((construct) => construct.name));
  const key = [...absent].join();
  let parser = parsers.get(key);
  if (!parser) {
    const micromarkExtensions = [
      ...gfm.micromark.map((extension) => withoutConstructs(extension, absent)),
      ...(absent.has('directive') ? [] : directive.micromark),
    ];
    parser = unified().use(remarkParse).data({ micromarkExtensions, fromMarkdownExtensions: mdastExtensions }).freeze() as unknown as Processor<Root>;
    parsers.set(key, parser);
  }
  return parser;
}

/** markdown → mdast, as remark-parse with remark-gfm and remark-directive would give it. */
export function parseMarkdown(file: VFile): Root {
  return parserFor(String(file.value)).parse(file);
}
