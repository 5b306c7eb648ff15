import { join } from 'node:path';
import { displayPath } from '../../node/display-path.ts';
import { defineError, defineWarning } from '../define-error.ts';
import { esbuildFirstError } from '../locate.ts';
import { SiteError, type SourceLocation } from '../site-error.ts';

// ── render: templates under templates/ ──

const TemplateCompileError = defineError({
  name: 'TemplateCompileError',
  stage: 'render',
  title: 'A template does not compile',
  when: 'A file under templates/ has a syntax or import error that esbuild reports.',
  hint: 'Fix the template; the message above comes from esbuild.',
});

export function templateCompileError(error: unknown, templatesDir: string): SiteError {
  // Shown relative, as every other error's file.
  const first = esbuildFirstError(error, (file) => displayPath(join(templatesDir, file.replace(/^.*templates\//, ''))));
  return TemplateCompileError({ ...first, cause: error });
}

const InvalidPageData = defineError({
  name: 'InvalidPageData',
  stage: 'render',
  title: 'A page has data its template cannot show',
  when: "A value under a page's data: block is not one the template knows, such as a misspelled section kind.",
  hint: "Correct the value in the page's YAML; the message lists what the template accepts.",
});

/** A template's ContentError, placed at the field's line in the page's YAML (or the page's file). */
export function invalidPageDataError(options: { location: SourceLocation; field: string; template: string; pageUrl: string; message: string }): SiteError {
  return InvalidPageData({
    message: `${options.message} The ${options.template} template cannot render ${options.pageUrl} with it.`,
    field: options.field,
    location: options.location,
  });
}

const TemplateRuntimeError = defineError({
  name: 'TemplateRuntimeError',
  stage: 'render',
  title: 'A template failed while rendering a page',
  when: 'A file under templates/ throws while a page renders, such as reading a field of undefined.',
  hint: 'Fix the template at this line; the page named above shows the data it was given.',
});

/** `location`: the template line, through the server bundle's source map (or none when it cannot be mapped). */
export function templateRuntimeError(location: SourceLocation | undefined, info: { template: string; page: string; message: string }): SiteError {
  return TemplateRuntimeError({
    message: `Template "${info.template}" failed while rendering ${info.page}: ${info.message}`,
    ...(location ? { location } : {}),
  });
}

const IslandPropError = defineError({
  name: 'IslandPropError',
  stage: 'render',
  title: 'An island prop cannot be sent to the browser',
  when: 'A template gives an <Island> child a prop JSON cannot carry: a function, a class instance, a symbol, a bigint, NaN or Infinity, undefined in a list, or a cycle.',
  hint: 'Pass plain data (strings, numbers, booleans, null, plain objects and lists); keep functions and handlers inside the island component.',
});

/** Located at the page first; the build moves it to the template line of `<Island name="…">` (render/island-location.ts). */
export function islandPropError(location: SourceLocation, info: { template: string; island: string; prop: string; reason: string; page: string }): SiteError {
  return IslandPropError({
    message: `Template "${info.template}" (on ${info.page}) passes the island "${info.island}" the prop "${info.prop}", which is ${info.reason}. Island props are written into page-data.islands.json as JSON.`,
    field: info.prop,
    location,
  });
}

const UnknownIsland = defineError({
  name: 'UnknownIsland',
  stage: 'render',
  title: 'Unknown island',
  when: '<Island name="…"> names no file of templates/islands/.',
  hint: 'Each island name is a file of templates/islands/ whose default export is islandEntry(TheComponent).',
});

export function unknownIslandError(location: SourceLocation, info: { template: string; island: string; known: string[] }): SiteError {
  return UnknownIsland({
    message: `Template "${info.template}" marks an island "${info.island}", but templates/islands/${info.island}.tsx does not exist${info.known.length ? ` (islands: ${info.known.join(', ')})` : ''}.`,
    field: 'name',
    location,
  });
}

// ── warnings: the build goes on ──

export const cacheResetWarning = defineWarning({
  name: 'CacheReset',
  stage: 'render',
  title: 'The build cache was not used',
  when: '.cache/ was written by another version or another site, or a cache file could not be read: the build keys or renders every page again and rewrites it. Nothing is wrong with the site.',
  hint: 'Nothing to do; the next build is fast again. If it repeats, remove .cache/.',
});

export const cachedPageDamagedWarning = defineWarning({
  name: 'CachedPageDamaged',
  stage: 'render',
  title: 'A cached page did not match what was recorded',
  when: 'A page file in .cache/ changed size or content after it was rendered (edited by hand, or a disk problem): the page is rendered again.',
  hint: 'Nothing to do; if it repeats, remove .cache/ and check the disk.',
});

export const templateLinkToMissingPageWarning = defineWarning({
  name: 'TemplateLinkToMissingPage',
  stage: 'render',
  title: 'A template links to a page that does not exist',
  when: 'A template links to a page id with no site/pages/<id>.yaml, or with no slug in that language: the link points to the home page.',
  hint: 'Fix the id in the template, or add the page (and its slug for that language).',
});
