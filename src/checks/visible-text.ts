/** Text with, for each character, the offset in the HTML it came from (to report a line). */
export interface MappedText {
  text: string;
  offsets: number[];
}

type Replacement = string | ((match: RegExpExecArray) => string);

/**
 * The text a visitor reads (and a crawler indexes): tags removed, entities decoded, meta
 * descriptions included. The same steps, in the same order, as the claims test of the real site
 * (tests/build/site-build.test.ts), each remembering where its characters came from.
 */
export function visibleText(html: string): MappedText {
  let mapped: MappedText = { text: html, offsets: Array.from({ length: html.length }, (_, i) => i) };
  const steps: Array<[RegExp, Replacement]> = [
    [/<script[\s\S]*?<\/script>/g, ' '],
    [/<style[\s\S]*?<\/style>/g, ' '],
    [/<pre[\s\S]*?<\/pre>/g, ' '],
    [/<meta [^>]*content="([^"]*)"[^>]*>/g, (m) => `\n${m[1]}\n`],
    // Block boundaries become line breaks so a claim never spans two elements ("6+" then "Apps shipped").
    [/<\/(p|li|dt|dd|h[1-6]|div|td|th|figcaption|blockquote|summary|a|button|label)>|<br\s*\/?>/g, '\n'],
    [/<[^>]+>/g, ' '],
    [/&amp;/g, '&'],
    [/&#x27;|&#39;/g, "'"],
    [/&quot;/g, '"'],
    [/[ \t]+/g, ' '],
  ];
  for (const [pattern, replacement] of steps) mapped = replaceMapped(mapped, pattern, replacement);
  return mapped;
}

/** `String.replace` over mapped text: kept characters keep their offsets, inserted ones take the match's. */
export function replaceMapped(input: MappedText, pattern: RegExp, replacement: Replacement): MappedText {
  let text = '';
  const offsets: number[] = [];
  let last = 0;
  for (const match of input.text.matchAll(pattern)) {
    const start = match.index;
    text += input.text.slice(last, start);
    for (let i = last; i < start; i++) offsets.push(input.offsets[i]!);
    const inserted = typeof replacement === 'string' ? replacement : replacement(match as RegExpExecArray);
    text += inserted;
    const origin = input.offsets[start] ?? input.offsets.at(-1) ?? 0;
    for (let i = 0; i < inserted.length; i++) offsets.push(origin);
    last = start + match[0].length;
  }
  text += input.text.slice(last);
  for (let i = last; i < input.text.length; i++) offsets.push(input.offsets[i]!);
  return { text, offsets };
}
