import type { SourceLocation } from '../errors/index.ts';
import { missingConstantError } from '../errors/index.ts';

// An optional backslash first: `\{claims.x}` is the escape for a literal brace.
const REFERENCE = /(\\?)\{([a-zA-Z][\w-]*(?:\.[\w-]+)+)\}/g;

export interface ReferenceContext {
  constants: Record<string, unknown>;
  /** Each locale's BCP 47 tag for numbers (site.yaml's dateLocale): under a locale key, numbers are written its way. */
  numberLocales?: Record<string, string>;
  /** Where the current value lives, for errors: `(path) => location`. */
  locate: (path: Array<string | number>) => SourceLocation;
}

function lookup(root: Record<string, unknown>, dotted: string): unknown {
  let value: unknown = root;
  for (const part of dotted.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

// Each locale's formatter, and the numbers it wrote: Intl's format call cost ~30 ms of every build,
// for a few dozen constants referenced over and over in messages and pages. The first formatter
// a process builds loads ICU's number data (~19 ms), so what it wrote is also remembered between
// builds (rememberNumbers), and a build whose constants did not change builds none.
const numberFormats = new Map<string, { format?: Intl.NumberFormat; written: Map<number, string> }>();
let wroteNew = false;

/** A number constant as readers of `tag` write it: 250,000 in en-US, 250.000 in es-AR (where 250,000 reads as a decimal). */
export function formatConstant(value: number, tag: string | undefined): string {
  if (!tag) return String(value);
  let locale = numberFormats.get(tag);
  if (!locale) numberFormats.set(tag, (locale = { written: new Map() }));
  let text = locale.written.get(value);
  if (text === undefined) {
    locale.format ??= new Intl.NumberFormat(tag, { maximumFractionDigits: 20 });
    locale.written.set(value, (text = locale.format.format(value)));
    wroteNew = true;
  }
  return text;
}

/** Numbers as this Node's ICU and CLDR wrote them, by tag: another version may write them otherwise. */
export interface WrittenNumbers {
  icu: string;
  tags: Record<string, Array<[value: number, text: string]>>;
}

const icuVersion = () => `${process.versions.icu}/${process.versions.cldr}`;

/** Takes what an earlier build wrote (ignored when another ICU wrote it, or it is not such a record). */
export function rememberNumbers(saved: unknown): void {
  const record = saved as WrittenNumbers | undefined;
  if (record?.icu !== icuVersion() || typeof record.tags !== 'object' || !record.tags) return;
  for (const [tag, pairs] of Object.entries(record.tags)) {
    if (!Array.isArray(pairs)) continue;
    let locale = numberFormats.get(tag);
    if (!locale) numberFormats.set(tag, (locale = { written: new Map() }));
    for (const pair of pairs) if (Array.isArray(pair) && typeof pair[0] === 'number' && typeof pair[1] === 'string') locale.written.set(pair[0], pair[1]);
  }
}

/** Everything written so far, when something was written since the last call; else undefined (nothing to save). */
export function numbersToRemember(): WrittenNumbers | undefined {
  if (!wroteNew) return undefined;
  wroteNew = false;
  const tags: WrittenNumbers['tags'] = {};
  for (const [tag, { written }] of numberFormats) tags[tag] = [...written];
  return { icu: icuVersion(), tags };
}

/**
 * Replaces `{claims.trialDays}` with the value from constants.yaml in one string; numbers are
 * written for `numberLocale` when given. Braces whose first segment is not a constants namespace
 * (`{name}`) are runtime parameters and stay. `\{claims.trialDays}` stays as `{claims.trialDays}`
 * (the backslash removed), and so does a reference at an offset `isCode` accepts (markdown code),
 * backslash and all.
 */
export function resolveString(
  text: string,
  constants: Record<string, unknown>,
  onMissing: (ref: string, offset: number) => never,
  options: { numberLocale?: string | undefined; isCode?: (offset: number) => boolean } = {},
): string {
  if (!text.includes('{')) return text;
  return text.replace(REFERENCE, (whole, escape: string, ref: string, offset: number) => {
    const namespace = ref.split('.')[0]!;
    if (!(namespace in constants) || namespace === 'detectors') return whole;
    if (options.isCode?.(offset + escape.length)) return whole;
    if (escape) return whole.slice(1);
    const value = lookup(constants, ref);
    if (typeof value === 'number') return formatConstant(value, options.numberLocale);
    if (typeof value !== 'string') onMissing(ref, offset);
    return value;
  });
}

/**
 * Resolves references in every string of a YAML value, keeping its shape. `numberLocale` is the tag
 * of the locale the value is written in: given for a whole messages file, else found at the first
 * locale key on the path (`body: { en: …, es: … }`).
 */
export function resolveReferences<T>(value: T, context: ReferenceContext, path: Array<string | number> = [], numberLocale?: string): T {
  if (typeof value === 'string') {
    return resolveString(
      value,
      context.constants,
      (ref) => {
        throw missingConstantError(context.locate(path), ref, path.join('.') || undefined);
      },
      { numberLocale },
    ) as T;
  }
  if (Array.isArray(value)) return value.map((item, i) => resolveReferences(item, context, [...path, i], numberLocale)) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = resolveReferences(item, context, [...path, key], numberLocale ?? context.numberLocales?.[key]);
    }
    return out as T;
  }
  return value;
}
