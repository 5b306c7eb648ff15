import matter from 'gray-matter';
import type { z } from 'zod';
import { parseYaml, validateYaml } from '../config/index.ts';
import { missingFrontMatterError } from '../errors/index.ts';

export interface ParsedMarkdownFile<T> {
  data: T;
  body: string;
  /** Line number (1-based) of the body's first line in the file. */
  bodyLine: number;
}

/** Splits a markdown file into validated front matter and body; errors point at the file's own lines. */
export function parseFrontMatter<S extends z.ZodType>(file: string, text: string, schema: S, what: string): ParsedMarkdownFile<z.output<S>> {
  if (!/^---\r?\n/.test(text)) {
    throw missingFrontMatterError(file, /^\+\+\+\r?\n/.test(text));
  }
  // gray-matter hands over the text after the opening `---`, starting with its newline, so lines match the file's.
  const src = { file, source: '', lineOffset: 0 };
  const parsed = matter(text, {
    engines: { yaml: (source: string) => parseYaml({ ...src, source }) as object },
  });
  src.source = parsed.matter;
  const data = validateYaml(src, parsed.data ?? {}, schema, what);
  const bodyLine = countLines(text, text.length - parsed.content.length) + 1;
  return { data, body: parsed.content, bodyLine };
}

/** Newlines before `end`, without splitting the whole text. */
function countLines(text: string, end: number): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
