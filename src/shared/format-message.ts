/**
 * One formatter for messages, shared by the Node render (templates' `useT`) and the browser
 * runtime, so a page and its client-side updates word a message the same way.
 *
 * A message with a `{count}` may be a plural map in the locale file:
 *
 *     errors-summary:
 *       one: "Revisá el campo marcado abajo."
 *       other: "Revisá los {count} campos marcados abajo."
 *
 * Loading flattens it to `errors-summary.one` / `errors-summary.other`; the form is chosen with
 * Intl.PluralRules of the page's locale (Spanish also has `many`, for 1 000 000: it falls back to
 * `other` when the file does not spell it out).
 */
export const PLURAL_CATEGORIES: readonly string[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

export type MessageParams = Record<string, string | number>;

const rulesByLocale = new Map<string, Intl.PluralRules>();

function pluralCategory(locale: string, count: number): string {
  let rules = rulesByLocale.get(locale);
  if (!rules) rulesByLocale.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

/** The text of `key` in `messages`, its plural form picked by `params.count`, `{name}` placeholders filled; the key itself when missing. */
export function formatMessage(messages: Record<string, string>, locale: string, key: string, params?: MessageParams): string {
  const text = messages[key] ?? pluralText(messages, locale, key, params?.count) ?? key;
  return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
}

function pluralText(messages: Record<string, string>, locale: string, key: string, count: string | number | undefined): string | undefined {
  if (messages[`${key}.other`] === undefined) return undefined;
  const n = Number(count);
  const category = Number.isFinite(n) ? pluralCategory(locale, n) : 'other';
  return messages[`${key}.${category}`] ?? messages[`${key}.other`];
}

/** True when `key` (a flat `section.key.category`) is one form of a plural map that `messages` has. */
export function isPluralFormOf(messages: Record<string, string>, key: string): boolean {
  const dot = key.lastIndexOf('.');
  return dot > 0 && PLURAL_CATEGORIES.includes(key.slice(dot + 1)) && `${key.slice(0, dot)}.other` in messages;
}
