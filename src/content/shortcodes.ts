import { hugoShortcodeError, type SiteError } from '../errors/index.ts';
import { isInRanges, type CodeRange } from './code-ranges.ts';

// `{{< gallery match="images/*" >}}`, `{{% notice %}}`: an opening or self-closing shortcode (a
// closing `{{< /x >}}` belongs to its opening, which is reported).
const SHORTCODE = /\{\{(?:<\s*(?!\/)([\w-]+)[^\n]*?>|%\s*(?!\/)([\w-]+)[^\n]*?%)\}\}/g;

/**
 * Hugo's shortcodes in a markdown body, outside its code, each added to `problems` at its line:
 * this site has no shortcodes, so the page would show them as written, and the images a
 * `gallery` names would be published without being shown.
 */
export function findShortcodes(body: string, options: { file: string; bodyLine: number }, problems: SiteError[], code: readonly CodeRange[]): void {
  if (!body.includes('{{')) return;
  for (const match of body.matchAll(SHORTCODE)) {
    if (isInRanges(code, match.index)) continue;
    const before = body.slice(0, match.index);
    const line = options.bodyLine + before.split('\n').length - 1;
    const column = match.index - before.lastIndexOf('\n');
    problems.push(hugoShortcodeError({ file: options.file, line, column }, match[0], (match[1] ?? match[2])!));
  }
}
