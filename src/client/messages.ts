import type { SharedData } from '../shared/page-data.ts';
import { formatMessage, type MessageParams } from '../shared/format-message.ts';

/** A runtime message of the page's locale (plural form by `params.count`); messages arrive completed from the default locale, else the key. */
export function message(shared: SharedData | undefined, key: string, params: MessageParams = {}): string {
  return formatMessage(shared?.messages ?? {}, shared?.locale ?? 'en', key, params);
}
