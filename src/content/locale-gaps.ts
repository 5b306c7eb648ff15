import type { SourceLocation } from '../errors/index.ts';

/** A per-locale value (`{ en: …, es: … }`) that lacks a locale: that locale's page shows the default's text. */
export interface LocaleGap {
  location: SourceLocation;
  /** The value's YAML path, as an editor reads it (`data.facts.1`). */
  field: string;
  locale: string;
  usedLocale: string;
}

/**
 * The per-locale values under `root` that lack a locale, by the rule `localizeValue` (plan/) picks
 * them with: a mapping whose keys are all locales, the default among them. Located only when found.
 */
export function findLocaleGaps(
  value: unknown,
  root: Array<string | number>,
  options: { locales: readonly string[]; defaultLocale: string; locate: (path: Array<string | number>) => SourceLocation },
): LocaleGap[] {
  const gaps: LocaleGap[] = [];
  const visit = (node: unknown, path: Array<string | number>) => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, [...path, i]));
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length > 0 && keys.includes(options.defaultLocale) && keys.every((k) => options.locales.includes(k))) {
      for (const locale of options.locales) {
        // `es:` left empty falls back as an absent key does.
        if (record[locale] != null) continue;
        gaps.push({ location: options.locate(path), field: path.join('.'), locale, usedLocale: options.defaultLocale });
      }
      for (const key of keys) visit(record[key], path.concat(key));
      return;
    }
    for (const key of keys) visit(record[key], [...path, key]);
  };
  visit(value, root);
  return gaps;
}
