import { defineError, defineWarning } from '../define-error.ts';
import { SiteError, type SourceLocation } from '../site-error.ts';

// ── i18n: locale files and the messages pages refer to ──

const MissingLocaleFile = defineError({
  name: 'MissingLocaleFile',
  stage: 'i18n',
  title: 'Missing messages file',
  when: 'site.yaml lists a locale that has no locales/<locale>.yaml.',
  hint: "Create the file (copy the default locale's file and translate it).",
});

export function missingLocaleFileError(file: string, locale: string): SiteError {
  return MissingLocaleFile({
    message: `site.yaml lists the locale "${locale}" but ${file} does not exist.`,
    hint: `Create ${file} (copy the default locale's file and translate it).`,
    location: { file },
  });
}

const MissingMessage = defineError({
  name: 'MissingMessage',
  stage: 'i18n',
  title: 'Reference to a missing message',
  when: "A label written as { message: some.key }, or a template's t('some.key'), names a key that no locale file has.",
  hint: 'Add the key to locales/en.yaml (the default language) or fix the reference.',
});

export function missingMessageError(location: SourceLocation, key: string, field?: string): SiteError {
  return MissingMessage({ message: `Message "${key}" exists in no locale file.`, ...(field ? { field } : {}), location });
}

/** A key a template asks for by name, at the template line that writes it. */
export function missingTemplateMessageError(location: SourceLocation, key: string, pageUrl: string): SiteError {
  return MissingMessage({
    message: `Message "${key}" exists in no locale file; ${pageUrl} and every page of this template would show the key itself.`,
    hint: `Fix the key in the template, or add "${key}" to locales/en.yaml (the default language) and translate it.`,
    location,
  });
}

// ── warnings: the build goes on ──

export const messageFallbackWarning = defineWarning({
  name: 'MessageFallback',
  stage: 'i18n',
  title: 'A message is missing in one language',
  when: "A key of locales/en.yaml has no value in another locale file: that language's pages show the English text.",
  hint: '`agency-site translations` lists what to translate next; add the key to the locale file.',
});

export const messageMissingEverywhereWarning = defineWarning({
  name: 'MessageMissingEverywhere',
  stage: 'i18n',
  title: 'A message computed at render time exists in no language',
  when: 'A template asks for a key made from page data (not written in the template, which would be an error) that no locale file has: visitors read the key itself.',
  hint: 'Add the key to locales/en.yaml and the other locale files, or fix the data it is made from.',
});
