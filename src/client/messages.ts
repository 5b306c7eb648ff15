import type { SharedData } from '../shared/page-data.ts';

/** A runtime message of the page's locale; messages arrive completed from the default locale, else the key. */
export function message(shared: SharedData | undefined, key: string, params: Record<string, string> = {}): string {
  const text = shared?.messages[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
