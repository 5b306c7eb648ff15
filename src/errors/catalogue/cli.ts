import { defineError } from '../define-error.ts';
import { SiteError } from '../site-error.ts';

// ── cli: `agency-site new post` ──

const UnknownLocale = defineError({
  name: 'UnknownLocale',
  stage: 'cli',
  title: 'Unknown locale',
  when: '`new post --locale` names a locale that site.yaml does not list.',
  hint: 'Pass --locale with a locale listed in site.yaml.',
});

export function unknownLocaleError(locale: string, locales: string[], siteFile: string): SiteError {
  return UnknownLocale({ message: `"${locale}" is not one of the site's locales (${locales.join(', ')}).`, location: { file: siteFile } });
}

const EmptySlug = defineError({
  name: 'EmptySlug',
  stage: 'cli',
  title: 'The title gives no file name',
  when: "`new post` is given a title with no letters or digits to name the post's file after.",
  hint: 'Use a title with at least one letter or digit.',
});

export function emptySlugError(title: string): SiteError {
  return EmptySlug({ message: `"${title}" has no letters or digits to name the file after.` });
}

const PostExists = defineError({
  name: 'PostExists',
  stage: 'cli',
  title: 'The post already exists',
  when: '`new post` would write a file that already exists (it never overwrites).',
  hint: 'Open that file to edit it, or choose a different title for the new post.',
});

export function postExistsError(file: string): SiteError {
  return PostExists({ message: `${file} already exists; nothing was written.`, location: { file } });
}
