/**
 * Picks one locale's value out of section data: any mapping whose keys are all locale codes
 * (and include the default) is a per-locale value. Falls back to the default locale.
 */
export function localizeValue(value: unknown, locale: string, locales: readonly string[], defaultLocale: string): unknown {
  if (Array.isArray(value)) return value.map((v) => localizeValue(v, locale, locales, defaultLocale));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length > 0 && keys.includes(defaultLocale) && keys.every((k) => locales.includes(k))) {
    return localizeValue(record[locale] ?? record[defaultLocale], locale, locales, defaultLocale);
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = localizeValue(record[key], locale, locales, defaultLocale);
  return out;
}
