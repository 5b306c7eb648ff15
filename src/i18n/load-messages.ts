import { readText } from '../node/read-text.ts';
import { join } from 'node:path';
import * as z from 'zod';
import type { SiteConfig } from '../config/index.ts';
import { readValidYaml } from '../config/index.ts';
import { resolveReferences } from '../content/index.ts';
import { locate, missingLocaleFileError } from '../errors/index.ts';
import { displayPath } from '../node/display-path.ts';
import { isPluralFormOf } from '../shared/format-message.ts';

type Tree = { [key: string]: string | Tree };
const treeSchema: z.ZodType<Tree> = z.lazy(() => z.record(z.string(), z.union([z.string(), z.number().transform(String), treeSchema])));

export interface Fallback {
  locale: string;
  key: string;
  /** What the page shows instead: the default language's text. */
  usedLocale: string;
}

export interface Messages {
  /** Flat `section.key` → text per locale, already completed from the default locale. */
  byLocale: Record<string, Record<string, string>>;
  /** Keys a locale lacks and takes from the default locale. */
  fallbacks: Fallback[];
  files: Record<string, string>;
}

export async function loadMessages(options: { localesDir: string; config: SiteConfig }): Promise<Messages> {
  const { config } = options;
  const flat: Record<string, Record<string, string>> = {};
  const files: Record<string, string> = {};
  await Promise.all(
    config.locales.map(async (locale) => {
      const path = join(options.localesDir, `${locale}.yaml`);
      const file = displayPath(path);
      files[locale] = file;
      const source = await readText(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        throw missingLocaleFileError(file, locale);
      });
      const src = { file, source };
      const tree = readValidYaml(src, treeSchema, 'messages', { empty: {} });
      const resolved = resolveReferences(tree, { constants: config.constants, locate: (p) => locate(src, p) }, [], config.settings.locales[locale]?.dateLocale);
      flat[locale] = flatten(resolved);
    }),
  );
  const base = flat[config.defaultLocale]!;
  const fallbacks: Fallback[] = [];
  const byLocale: Messages['byLocale'] = {};
  for (const locale of config.locales) {
    const own = flat[locale]!;
    const merged: Record<string, string> = { ...own };
    if (locale !== config.defaultLocale) {
      for (const [key, text] of Object.entries(base)) {
        // A plural form the locale's own map does not use (English `one` where a language has only
        // `other`) is not missing: Intl.PluralRules never picks it there.
        if (!(key in own) && !isPluralFormOf(own, key)) {
          merged[key] = text;
          fallbacks.push({ locale, key, usedLocale: config.defaultLocale });
        }
      }
    }
    byLocale[locale] = merged;
  }
  return { byLocale, fallbacks, files };
}

function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else flatten(value, path, out);
  }
  return out;
}
