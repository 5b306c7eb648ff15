import { plainNumberPatternInvalidFinding, unexplainedNumberFinding } from '../errors/index.ts';
import type { Constants } from '../config/index.ts';
import { formatConstant } from '../content/index.ts';
import { locateYamlPath } from '../errors/index.ts';
import type { BuiltPage, Finding } from './types.ts';
import { visibleText } from './visible-text.ts';

export interface CheckNumbersOptions {
  pages: BuiltPage[];
  constants: Constants;
  constantsFile: string;
  constantsSource: string;
  /** BCP 47 tags the site writes numbers for (site.yaml's dateLocale): 250,000 and 250.000 are both the constant 250000. */
  numberLocales?: string[];
}

/** A number as a reader sees one: "24", "250,000", "25.326", "9:16"; not the 2 of "B2" or "h1". */
const NUMBER = /(?<![\p{L}\p{N}_])\d+(?:[.,:]\d+)*(?!\p{N})/gu;

/**
 * Every number a visitor reads on a page (not in an article, which quotes code and figures of its
 * own) is a value of constants.yaml, or stands inside a match of one of its `plainNumbers`
 * patterns (law numbers, chapter numbers, "3D"). So a new claim cannot be typed into copy: it must
 * be a constant, which the detectors then hold to one value everywhere.
 */
export function checkNumbers(options: CheckNumbersOptions): Finding[] {
  const findings: Finding[] = [];
  const values = constantNumbers(options.constants, options.numberLocales ?? []);
  const plain: RegExp[] = [];
  options.constants.plainNumbers.forEach((entry, i) => {
    try {
      plain.push(new RegExp(entry.pattern, 'giu'));
    } catch (error) {
      const line = locateYamlPath(options.constantsSource, ['plainNumbers', i])?.line;
      findings.push(
        plainNumberPatternInvalidFinding({
          file: options.constantsFile,
          ...(line ? { line } : {}),
          message: `plainNumbers entry ${i + 1} has an invalid pattern: ${(error as Error).message}.`,
        }),
      );
    }
  });
  for (const page of options.pages) {
    if (page.tags.some((t) => t.name === 'meta' && t.attrs.property === 'og:type' && t.attrs.content === 'article')) continue;
    const { text, offsets } = visibleText(readableHtml(page.html));
    const covered = plain.flatMap((p) => [...text.matchAll(p)].map((m) => [m.index, m.index + m[0].length] as const));
    for (const match of text.matchAll(NUMBER)) {
      if (values.has(match[0]) || covered.some(([from, to]) => match.index >= from && match.index < to)) continue;
      const around = text
        .slice(Math.max(0, match.index - 30), match.index + match[0].length + 30)
        .replace(/\s+/g, ' ')
        .trim();
      findings.push(
        unexplainedNumberFinding({
          file: page.file,
          line: page.lineAt(offsets[match.index] ?? 0),
          message: `The number ${match[0]} ("…${around}…") is neither a value in constants.yaml nor allowed by its plainNumbers.`,
        }),
      );
    }
  }
  return findings;
}

/**
 * Each constant as text, also without its sign (UTC−3 shows 3), as each locale writes it (250.000)
 * and each number inside a string value ("9:16").
 */
function constantNumbers(constants: Constants, numberLocales: string[]): Set<string> {
  const values = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'number') {
      values.add(String(value)).add(String(Math.abs(value)));
      for (const tag of numberLocales) values.add(formatConstant(Math.abs(value), tag));
    } else if (typeof value === 'string') for (const m of value.matchAll(NUMBER)) values.add(m[0]);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  const { detectors: _d, plainNumbers: _p, ...rest } = constants;
  visit(rest);
  return values;
}

/**
 * The page with what is not prose blanked out, same length so offsets and lines stay true: the head
 * except title and description, scripts, code, dates (<time>), and blog-list cards (an article's
 * own title, reading time and description).
 */
function readableHtml(html: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  let out = html.replace(/<meta (?![^>]*name="description")[^>]*>|<link [^>]*>/g, blank);
  out = out.replace(/<(script|style|time|code)\b[\s\S]*?<\/\1>/g, blank);
  const list = /<ul class="post-list">/.exec(out);
  if (list) {
    let depth = 0;
    const tag = /<(\/?)ul\b[^>]*>/g;
    tag.lastIndex = list.index;
    for (let m = tag.exec(out); m; m = tag.exec(out)) {
      depth += m[1] ? -1 : 1;
      if (depth === 0) {
        out = out.slice(0, list.index) + blank(out.slice(list.index, m.index + m[0].length)) + out.slice(m.index + m[0].length);
        break;
      }
    }
  }
  return out;
}
