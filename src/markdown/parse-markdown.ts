import type { Root } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified, type Data, type Processor } from 'unified';
import type { VFile } from 'vfile';

/**
 * micromark tries every construct it knows wherever one could start: GFM's email autolink at every
 * word, the table at every paragraph's second line, the directives at every colon: a fifth to a
 * quarter of parsing the benchmark's posts (BENCHMARKS.md, 2026-11-26). A construct needs certain characters to exist at all, so a body
 * without them is parsed without that construct, which gives the same tree (parse-markdown.test.ts
 * compares both parses on every post of the site and on cases at each boundary).
 */
const OPTIONAL_CONSTRUCTS: ReadonlyArray<{ name: string; possibleIn: RegExp; drop: (extensions: Extensions) => Extensions }> = [
  // `a@b.c`, `mailto:a@b.c` and `xmpp:a@b.c` all have an `@`.
  { name: 'email autolink', possibleIn: /@/, drop: (e) => ({ ...e, gfm: e.gfm.map((x) => withoutConstructs(x, 'emailAutolink')) }) },
  // A delimiter row needs a `|`, or a colon beside a dash (`:-` makes a one-column table).
  { name: 'table', possibleIn: /\||:-|-:/, drop: (e) => ({ ...e, gfm: e.gfm.map((x) => withoutConstructs(x, 'table')) }) },
  // `:name`, `::name` and `:::name`: a name starts with anything but whitespace or punctuation
  // (`10:30` opens one, which remark-components.ts turns back into text); `https://` opens none.
  { name: 'directive', possibleIn: /:[^\s/]/, drop: (e) => ({ ...e, directive: [] }) },
];

type Extension = NonNullable<Data['micromarkExtensions']>[number];
type MdastExtensions = NonNullable<Data['fromMarkdownExtensions']>;
interface Extensions {
  gfm: Extension[];
  directive: Extension[];
}

function extensionsOf(plugin: typeof remarkGfm | typeof remarkDirective): { micromark: Extension[]; mdast: MdastExtensions } {
  const processor = unified().use(plugin).freeze();
  return { micromark: processor.data('micromarkExtensions') ?? [], mdast: processor.data('fromMarkdownExtensions') ?? [] };
}

const gfm = extensionsOf(remarkGfm);
const directive = extensionsOf(remarkDirective);
// The mdast side only handles the tokens it is given, so every parser keeps all of it.
const mdastExtensions = [...gfm.mdast, ...directive.mdast];

/** The extension with the named constructs taken out of every hook (`text`, `flow`, …) they sit in. */
function withoutConstructs(extension: Extension, name: string): Extension {
  const result: Record<string, unknown> = {};
  for (const [field, hooks] of Object.entries(extension)) {
    if (!hooks || typeof hooks !== 'object' || Array.isArray(hooks)) {
      result[field] = hooks;
      continue;
    }
    const kept: Record<string, unknown> = {};
    for (const [code, constructs] of Object.entries(hooks as Record<string, unknown>)) {
      const list = ([] as Array<{ name?: string }>).concat(constructs as never).filter((construct) => construct.name !== name);
      if (list.length) kept[code] = list;
    }
    result[field] = kept;
  }
  return result as Extension;
}

const parsers = new Map<string, Processor<Root>>();

/** The parser for this body: one per set of constructs it may contain, made on first use. */
function parserFor(source: string): Processor<Root> {
  const absent = OPTIONAL_CONSTRUCTS.filter((construct) => !construct.possibleIn.test(source));
  const key = absent.map((construct) => construct.name).join();
  let parser = parsers.get(key);
  if (!parser) {
    const extensions = absent.reduce((all, construct) => construct.drop(all), { gfm: gfm.micromark, directive: directive.micromark });
    parser = unified()
      .use(remarkParse)
      .data({ micromarkExtensions: [...extensions.gfm, ...extensions.directive], fromMarkdownExtensions: mdastExtensions })
      .freeze() as unknown as Processor<Root>;
    parsers.set(key, parser);
  }
  return parser;
}

/** markdown → mdast, as remark-parse with remark-gfm and remark-directive would give it. */
export function parseMarkdown(file: VFile): Root {
  return parserFor(String(file.value)).parse(file);
}
