/** [start, end) offsets of a markdown text's code: fenced blocks and inline code spans. */
export type CodeRange = readonly [number, number];

const FENCE = /^[ \t]*(?:>[ \t]?)*(`{3,}|~{3,})/;

/**
 * Where a markdown body has code, found by a scan of its lines and backtick runs (no parse: this
 * runs for every post on the main thread). Code is shown as written, so `{claims.x}` inside it is
 * not a reference. Unclosed fences run to the end, as CommonMark says; an unmatched backtick run
 * is text.
 */
export function findCodeRanges(markdown: string): CodeRange[] {
  if (!markdown.includes('`') && !markdown.includes('~~~')) return [];
  const ranges: CodeRange[] = [];
  let offset = 0;
  let fence: { marker: string; start: number } | undefined;
  let prose = 0;
  while (offset <= markdown.length) {
    const newline = markdown.indexOf('\n', offset);
    const end = newline === -1 ? markdown.length : newline;
    const line = markdown.slice(offset, end);
    const opener = FENCE.exec(line);
    if (fence) {
      const closing = opener?.[1];
      if (closing && closing[0] === fence.marker[0] && closing.length >= fence.marker.length && line.slice(opener[0].length).trim() === '') {
        ranges.push([fence.start, end]);
        fence = undefined;
        prose = end;
      }
    } else if (opener && !(opener[1]![0] === '`' && line.slice(opener[0].length).includes('`'))) {
      ranges.push(...inlineCode(markdown, prose, offset));
      fence = { marker: opener[1]!, start: offset };
    }
    if (newline === -1) break;
    offset = newline + 1;
  }
  if (fence) ranges.push([fence.start, markdown.length]);
  else ranges.push(...inlineCode(markdown, prose, markdown.length));
  return ranges.sort((a, b) => a[0] - b[0]);
}

const BACKTICKS = /`+/g;

/** Code spans between `from` and `to`: a run of n backticks up to the next run of exactly n. */
function inlineCode(markdown: string, from: number, to: number): CodeRange[] {
  const text = markdown.slice(from, to);
  const ranges: CodeRange[] = [];
  const runs = [...text.matchAll(BACKTICKS)].filter((m) => m.index === 0 || text[m.index - 1] !== '\\' || m[0].length > 1);
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i]!;
    const close = runs.findIndex((r, k) => k > i && r[0].length === open[0].length);
    if (close === -1) continue;
    ranges.push([from + open.index, from + runs[close]!.index + open[0].length]);
    i = close;
  }
  return ranges;
}

export function isInRanges(ranges: readonly CodeRange[], offset: number): boolean {
  for (const [start, end] of ranges) {
    if (offset < start) return false;
    if (offset < end) return true;
  }
  return false;
}
