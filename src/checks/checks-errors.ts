import { SiteError } from '../errors/index.ts';

// User-facing errors of `check` and `new post`. Names are permanent, like the main catalogue's.

export function outMissingError(outDir: string): SiteError {
  return new SiteError({
    name: 'BuiltSiteMissing',
    title: 'No built site to check',
    message: `${outDir} holds no built pages (no index.html or 404.html).`,
    hint: 'Run `agency-site build` first, or pass the folder it wrote with --out.',
    location: { file: outDir },
  });
}

export function postExistsError(file: string): SiteError {
  return new SiteError({
    name: 'PostExists',
    title: 'The post already exists',
    message: `${file} already exists; nothing was written.`,
    hint: 'Open that file to edit it, or choose a different title for the new post.',
    location: { file },
  });
}

export function unknownLocaleError(locale: string, locales: string[], siteFile: string): SiteError {
  return new SiteError({
    name: 'UnknownLocale',
    title: 'Unknown locale',
    message: `"${locale}" is not one of the site's locales (${locales.join(', ')}).`,
    hint: 'Pass --locale with a locale listed in site.yaml.',
    location: { file: siteFile },
  });
}

export function emptySlugError(title: string): SiteError {
  return new SiteError({
    name: 'EmptySlug',
    title: 'The title gives no file name',
    message: `"${title}" has no letters or digits to name the file after.`,
    hint: 'Use a title with at least one letter or digit.',
  });
}
