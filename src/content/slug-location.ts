import type { SourceLocation } from '../errors/index.ts';

/**
 * Where `slug.<locale>` is written, found by scanning lines: every page needs it (duplicate URLs
 * point there) and a full YAML parse with positions per page and locale cost more than the rest
 * of reading content. Only the usual layouts are recognised; anything else is parsed as before.
 */
export function scanSlugLine(src: { file: string; source: string }, locale: string): SourceLocation | undefined {
  const lines = src.source.split('\n');
  const start = lines.findIndex((l) => l.startsWith('slug:'));
  if (start < 0) return undefined;
  const key = new RegExp(`([{,\\s])${locale}:`);
  const inline = key.exec(lines[start]!.slice(5));
  if (inline) return { file: src.file, line: start + 1, column: 5 + inline.index + inline[1]!.length + 1 };
  for (let i = start + 1; i < lines.length && /^\s/.test(lines[i]!); i++) {
    const m = new RegExp(`^(\\s+)${locale}:`).exec(lines[i]!);
    if (m) return { file: src.file, line: i + 1, column: m[1]!.length + 1 };
  }
  return undefined;
}
