import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../../src/client/messages.ts';
import { loadSiteConfig } from '../../../src/config/index.ts';
import { loadMessages, type Messages } from '../../../src/i18n/index.ts';
import { formatMessage } from '../../../src/shared/format-message.ts';
import type { SharedData } from '../../../src/shared/page-data.ts';

const root = join(import.meta.dirname, '../../..');
let messages: Messages;
beforeAll(async () => {
  const config = await loadSiteConfig({ siteDir: join(root, 'site') });
  messages = await loadMessages({ localesDir: join(root, 'locales'), config });
});

/** What the browser runtime shows: the same call forms.ts makes, with the count as a string. */
const runtime = (locale: string, count: number) =>
  message({ locale, messages: messages.byLocale[locale]! } as SharedData, 'forms.errors-summary', { count: String(count) });

describe('plural messages of the real locale files', () => {
  it.each([
    ['en', 1, 'Please check the highlighted field below.'],
    ['en', 2, 'Please check the 2 highlighted fields below.'],
    ['en', 0, 'Please check the 0 highlighted fields below.'],
    ['es', 1, 'Revisá el campo marcado abajo.'],
    ['es', 3, 'Revisá los 3 campos marcados abajo.'],
    ['es', 0, 'Revisá los 0 campos marcados abajo.'],
  ])('%s, %i field(s) → %s (render side and runtime agree)', (locale, count, expected) => {
    expect(formatMessage(messages.byLocale[locale]!, locale, 'forms.errors-summary', { count })).toBe(expected);
    expect(runtime(locale, count)).toBe(expected);
  });

  it('never reads "los 1 campos" or "1 highlighted fields"', () => {
    expect(runtime('es', 1)).not.toMatch(/los 1 /);
    expect(runtime('en', 1)).not.toMatch(/\b1 highlighted fields/);
  });

  it('records no fallback for a plural map both files spell out', () => {
    expect(messages.fallbacks.filter((f) => f.key.startsWith('forms.errors-summary'))).toEqual([]);
  });
});

describe('formatMessage', () => {
  const es = { 'x.one': 'un archivo', 'x.other': '{count} archivos', plain: 'Hola, {name}' };

  it('falls back to other for a category the file leaves out (Spanish "many" for a million)', () => {
    expect(new Intl.PluralRules('es').select(1_000_000)).toBe('many');
    expect(formatMessage(es, 'es', 'x', { count: 1_000_000 })).toBe('1000000 archivos');
  });

  it('uses other when there is no count, and fills placeholders of plain messages', () => {
    expect(formatMessage(es, 'es', 'x')).toBe('{count} archivos');
    expect(formatMessage(es, 'es', 'plain', { name: 'Lucía' })).toBe('Hola, Lucía');
  });

  it('shows the key of a message missing everywhere', () => {
    expect(formatMessage(es, 'es', 'nope.missing', { count: 2 })).toBe('nope.missing');
  });
});
