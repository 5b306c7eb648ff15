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
// for a few dozen constants referenced over and over in messages and pages.
const numberFormats = new Map<string, { format: Intl.NumberFormat; written: Map<number, string> }>();

/** A number constant as readers of `tag` write it: 250,000 in en-US, 250.000 in es-AR (where 250,000 reads as a decimal). */
export function formatConstant(value: number, tag: string | undefined): string {
  if (!tag) return String(value);
  let locale = numberFormats.get(tag);
  if (!locale) numberFormats.set(tag, (locale = { format: new Intl.NumberFormat(tag, { maximumFractionDigits: 20 }), written: new Map() }));
  let text = locale.written.get(value);
  if (text === undefined) locale.written.set(value, (text = locale.format.format(value)));
  return text;
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
