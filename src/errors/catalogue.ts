import { join } from 'node:path';
import type { ZodError } from 'zod';
import { displayPath } from '../node/display-path.ts';
import { defineError } from './define-error.ts';
import { describeIssue, esbuildFirstError, formatLoc, locate, type YamlSource } from './locate.ts';
import { SiteError, type SourceLocation } from './site-error.ts';

// The catalogue of user-facing errors: every SiteError the generator throws is made here, so one
// mistake always reads the same. Names are permanent: docs, tests and search engines refer to them.
// src/errors/README.md is generated from these entries (tests/unit/errors/errors-readme.test.ts).

// ── config: any YAML file's syntax and fields, and the files the site folder must hold ──

const YamlSyntaxError = defineError({
  name: 'YamlSyntaxError',
  stage: 'config',
  title: 'Malformed YAML',
  when: 'A YAML file (site.yaml, constants.yaml, a page, a collection, a locale file) or a front matter block cannot be parsed.',
  hint: 'Check indentation (spaces, not tabs) and quote values that contain ": " or start with a special character.',
});

export function yamlSyntaxError(src: YamlSource, cause: { message: string; mark?: { line: number; column: number } }): SiteError {
  const line = cause.mark ? cause.mark.line + 1 + (src.lineOffset ?? 0) : undefined;
  const column = cause.mark ? cause.mark.column + 1 : undefined;
  return YamlSyntaxError({
    message: `The file cannot be parsed as YAML: ${cause.message.split('\n')[0]}`,
    location: { file: src.file, ...(line !== undefined ? { line, column } : {}) },
    cause,
  });
}

const InvalidField = defineError({
  name: 'InvalidField',
  stage: 'config',
  title: 'Invalid field',
  when: 'A YAML file or front matter parses, but a field is missing, has the wrong type or value, or is not one the file accepts.',
  hint: 'Fix this field and build again; every field a file accepts is described in README.md under "Where content lives".',
});

/** The first schema problem of a YAML document, located on its line; `what` names the document ("post front matter"). */
export function invalidFieldError(src: YamlSource, error: ZodError, what: string): SiteError {
  const each = error.issues.map((issue) => {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    const field = path.join('.') || '(root)';
    return InvalidField({ title: `Invalid ${what}`, message: `Field "${field}": ${describeIssue(issue)}.`, field, location: locate(src, path) });
  });
  if (each.length === 1) return each[0]!;
  // Every problem is shown, each at its own line; the first gives the error its place.
  const first = each[0]!.data;
  return InvalidField({
    title: `Invalid ${what}`,
    message: `${each.length} fields of this ${what} are invalid; the build stopped.`,
    ...(first.field ? { field: first.field } : {}),
    ...(first.location ? { location: first.location } : {}),
    problems: each.map((e) => e.data),
  });
}

const InvalidEncoding = defineError({
  name: 'InvalidEncoding',
  stage: 'config',
  title: 'Text that is not UTF-8',
  when: 'A YAML, markdown or locale file holds bytes that are not UTF-8, usually because an editor saved it as Windows-1252 or Latin-1.',
  hint: 'Save the file as UTF-8 (in most editors: "Save with encoding" or "Reopen/Save as UTF-8"); a byte order mark is fine.',
});

/** `byte` is the first byte that is not UTF-8; `asWindows1252` is what it would read as in that encoding. */
export function invalidEncodingError(location: SourceLocation, byte: number, asWindows1252: string): SiteError {
  const hex = `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return InvalidEncoding({
    message: `The file is not UTF-8: byte ${hex} here is not valid UTF-8 (in Windows-1252 it would be "${asWindows1252}"). Published as it is, it would show as "\uFFFD".`,
    location,
  });
}

const MissingConfigFile = defineError({
  name: 'MissingConfigFile',
  stage: 'config',
  title: 'Missing configuration file',
  when: 'The site folder has no site.yaml or no constants.yaml, usually because --site points at the wrong folder.',
  hint: 'Point --site at the folder that holds site.yaml and constants.yaml (the default is ./site).',
});

export function missingConfigFileError(file: string): SiteError {
  return MissingConfigFile({ message: `${file} does not exist.`, location: { file } });
}

// ── content: pages, collections, markdown files and the constants they quote ──

const MissingConstant = defineError({
  name: 'MissingConstant',
  stage: 'content',
  title: 'Reference to a missing constant',
  when: 'A YAML value or a markdown body writes {some.name} and site/constants.yaml has no such value.',
  hint: 'Add it to site/constants.yaml or fix the name; claims live only there so they never say two things.',
});

export function missingConstantError(location: SourceLocation, reference: string, field?: string): SiteError {
  return MissingConstant({ message: `{${reference}} does not name a value in site/constants.yaml.`, ...(field ? { field } : {}), location });
}

const InvalidPostSlug = defineError({
  name: 'InvalidPostSlug',
  stage: 'content',
  title: 'A post file name that is not a URL slug',
  when: "A post's file or folder name, which becomes its URL, has capitals, accents or spaces; page slugs in YAML must be lowercase too.",
  hint: 'Rename it as the message says (lowercase letters, digits, "-" and "_"); to keep an old URL that had capitals working, add it to the post\'s aliases.',
});

export function invalidPostSlugError(file: string, slug: string, suggested: string, folder: boolean): SiteError {
  const what = folder ? `folder "${slug}/"` : `file name "${slug}.md"`;
  return InvalidPostSlug({
    message: `The ${what} gives the URL slug "${slug}", but slugs are lowercase letters, digits, "-" and "_": rename it to ${folder ? `${suggested}/` : `${suggested}.md`}.`,
    location: { file },
  });
}

const EmptyPost = defineError({
  name: 'EmptyPost',
  stage: 'content',
  title: 'A published post with no text',
  when: 'A post without `draft: true` has nothing after its front matter, as `new post` leaves it: it would publish an empty page.',
  hint: 'Write the post below the front matter, or set `draft: true` until it is written.',
});

export function emptyPostError(location: SourceLocation): SiteError {
  return EmptyPost({ message: 'This post is published (no `draft: true`) but has no text after its front matter.', location });
}

const MissingFile = defineError({
  name: 'MissingFile',
  stage: 'content',
  title: 'Referenced file not found',
  when: 'A page names a markdown file (markdown.en, markdown.es) that does not exist.',
  hint: 'Paths are relative to the site folder.',
});

export function missingFileError(location: SourceLocation, path: string, field: string): SiteError {
  return MissingFile({ message: `${path} does not exist.`, field, location });
}

const MissingFrontMatter = defineError({
  name: 'MissingFrontMatter',
  stage: 'content',
  title: 'Missing front matter',
  when: 'A blog post does not start with a front matter block.',
  hint: 'Start the file with ---, then title, description and date, then ---.',
});

export function missingFrontMatterError(file: string): SiteError {
  return MissingFrontMatter({ message: 'The file must start with a front matter block between two "---" lines.', location: { file, line: 1 } });
}

const DuplicateTranslationKey = defineError({
  name: 'DuplicateTranslationKey',
  stage: 'content',
  title: 'Two posts with one translationKey',
  when: 'Two published posts of one language have the same translationKey, usually because a post was copied to start a new one.',
  hint: 'Give the new post its own translationKey (the one of its translation in the other language, or a new one).',
});

export function duplicateTranslationKeyError(location: SourceLocation, otherFile: string, key: string, locale: string): SiteError {
  return DuplicateTranslationKey({
    message: `translationKey "${key}" is used here and by ${otherFile}, both in ${locale}; a key pairs one post per language, so their translation would offer two language switches.`,
    field: 'translationKey',
    location,
  });
}

const FileChangedDuringBuild = defineError({
  name: 'FileChangedDuringBuild',
  stage: 'content',
  title: 'A file changed while the site was building',
  when: 'A markdown file was saved between the moment the build planned the site and the moment it rendered that file.',
  hint: 'Run the build again.',
});

export function fileChangedDuringBuildError(file: string): SiteError {
  return FileChangedDuringBuild({ message: 'Its text is not the one the build started with.', location: { file } });
}

const ManyProblems = defineError({
  name: 'ManyProblems',
  stage: 'content',
  title: 'Several problems in the content',
  when: 'Reading content and checking its images found more than one problem; each is listed with its own name, file and line.',
  hint: 'Fix each problem listed; the build reports them all at once so one run finds them all.',
});

/**
 * The problems of one build's content and images, all at once. One problem stays itself; several
 * (nested ones flattened) become one error that carries each, so the CLI prints every one.
 */
export function manyProblemsError(errors: SiteError[]): SiteError {
  const all = errors.flatMap((e) => (e.data.problems?.length ? e.data.problems.map((d) => new SiteError(d)) : [e]));
  if (all.length === 1) return all[0]!;
  const files = new Set(all.map((e) => e.data.location?.file ?? ''));
  return ManyProblems({
    message: `${all.length} problems in ${files.size} file${files.size === 1 ? '' : 's'}; the build stopped.`,
    problems: all.map((e) => e.data),
  });
}

// ── markdown: what a body may write beyond CommonMark and GFM ──

const UnknownMarkdownComponent = defineError({
  name: 'UnknownMarkdownComponent',
  stage: 'markdown',
  title: 'Unknown markdown component',
  when: 'A markdown body uses a ::directive or :::container that is not one of the supported components.',
  hint: 'Write ::cta{kind="strategy-call"} for a call-to-action box, or :::note … ::: for a note.',
});

export function unknownMarkdownComponentError(location: SourceLocation, name: string, known: string[]): SiteError {
  return UnknownMarkdownComponent({ message: `"${name}" is not a component; expected one of: ${known.join(', ')}.`, location });
}

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

// ── plan: templates, URLs, collections and links between pages ──

const UnknownTemplate = defineError({
  name: 'UnknownTemplate',
  stage: 'plan',
  title: 'Unknown template',
  when: 'A page (or site.yaml for blog posts) names a template that templates/pages/ does not have.',
  hint: 'Create templates/pages/<name>.tsx or use an existing template name.',
});

export function unknownTemplateError(location: SourceLocation, template: string, known: string[]): SiteError {
  return UnknownTemplate({
    message: `Template "${template}" does not exist; expected one of: ${known.join(', ')}.`,
    hint: `Create templates/pages/${template}.tsx or use an existing template name.`,
    field: 'template',
    location,
  });
}

const DuplicateUrl = defineError({
  name: 'DuplicateUrl',
  stage: 'plan',
  title: 'Two pages claim one URL',
  when: 'Two pages, or a page and a blog post, end up at the same URL in one locale.',
  hint: 'Change the slug of one of the two pages.',
});

export function duplicateUrlError(url: string, first: SourceLocation, second: SourceLocation): SiteError {
  return DuplicateUrl({
    message: `${url} is produced both here and by ${formatLoc(first)}; every URL must come from exactly one page.`,
    field: 'slug',
    location: second,
  });
}

const UnknownCollection = defineError({
  name: 'UnknownCollection',
  stage: 'plan',
  title: 'Unknown collection',
  when: 'A page lists, under "collections", a name that has no file in site/collections/.',
  hint: 'Create site/collections/<name>.yaml or remove the name from "collections".',
});

export function unknownCollectionError(location: SourceLocation, name: string, known: string[]): SiteError {
  return UnknownCollection({
    message: `Collection "${name}" does not exist; expected one of: ${known.join(', ') || '(none)'}.`,
    hint: `Create site/collections/${name}.yaml or remove it from "collections".`,
    field: 'collections',
    location,
  });
}

const UnknownPage = defineError({
  name: 'UnknownPage',
  stage: 'plan',
  title: 'Link to a page that does not exist',
  when: 'A navbar or footer link in site/navigation.yaml names a page that has no file in site/pages/ (or none in that locale).',
  hint: 'Use the page file name without .yaml, e.g. "home" for site/pages/home.yaml.',
});

export function unknownPageError(location: SourceLocation, page: string, locale: string, field: string): SiteError {
  return UnknownPage({ message: `"${page}" is not a page in ${locale}; expected the name of a file in site/pages/.`, field, location });
}

const RedirectConflict = defineError({
  name: 'RedirectConflict',
  stage: 'plan',
  title: 'Two redirects claim one old URL',
  when: 'Two pages list the same path under "aliases", or an alias and a site/redirects.yaml entry name the same path.',
  hint: 'Keep the path on one page (or in one redirects.yaml entry) and remove it from the other.',
});

export function redirectConflictError(path: string, first: SourceLocation, second: SourceLocation): SiteError {
  return RedirectConflict({
    message: `${path} is claimed both here and by ${formatLoc(first)}; an old URL can lead to one place only.`,
    field: 'aliases',
    location: second,
  });
}

const InvalidRedirect = defineError({
  name: 'InvalidRedirect',
  stage: 'plan',
  title: 'A redirect that cannot be served',
  when: 'A redirect in site/redirects.yaml or an alias goes to an http:// host, to a page that does not exist, in a loop, or a splat would capture a real page.',
  hint: 'Point the redirect at an https:// URL, an existing path, or { page: <id>, locale: <locale> }; a splat must cover only old URLs.',
});

export function invalidRedirectError(location: SourceLocation, field: string, message: string, hint?: string): SiteError {
  return InvalidRedirect({ message, field, location, ...(hint ? { hint } : {}) });
}

const UrlDisappeared = defineError({
  name: 'UrlDisappeared',
  stage: 'plan',
  title: 'A published URL would disappear',
  when: 'site/urls.lock records a URL that no page makes any more, and no alias or site/redirects.yaml entry says where it went.',
  hint: 'Add the old path under "aliases" of the page that replaces it, or add it to site/redirects.yaml (a "to" target, or under "gone" for a 410).',
});

export function urlDisappearedError(lost: Array<{ path: string; file: string }>): SiteError {
  const first = lost[0]!;
  const list = lost.map((l) => `${l.path} (last made by ${l.file})`).join(', ');
  return UrlDisappeared({
    message: `${lost.length === 1 ? 'This URL was' : `${lost.length} URLs were`} published and no page makes ${lost.length === 1 ? 'it' : 'them'} any more: ${list}.`,
    hint:
      `Either add "aliases: [${first.path}]" to the page that replaces it, or add it to site/redirects.yaml: ` +
      `"redirects: [{ from: ${first.path}, to: /new/path/ }]", or "gone: [${first.path}]" to answer 410 Gone.`,
    field: 'urls.lock',
    location: { file: first.file },
  });
}

const InvalidUrlLock = defineError({
  name: 'InvalidUrlLock',
  stage: 'plan',
  title: 'Unreadable line in site/urls.lock',
  when: 'A line of site/urls.lock is not "<path> <page> <locale> <file>" (the build writes it; a merge may have broken it).',
  hint: 'Resolve the merge conflict in site/urls.lock, keeping every URL line of both sides, then build again.',
});

export function invalidUrlLockError(location: SourceLocation, line: string): SiteError {
  return InvalidUrlLock({ message: `"${line}" is not "<path> <page> <locale> <file> [-> <target>]".`, field: 'urls.lock', location });
}

// ── images: files under site/images and the alt text every image needs ──

const ExternalImage = defineError({
  name: 'ExternalImage',
  stage: 'images',
  title: 'Image outside site/images',
  when: 'A markdown body shows an image from another site (a host site.yaml does not allow in images.remoteHosts) or a root path outside /images/.',
  hint: 'Save the file beside the post and write its name (![…](./name.png)), or put it in site/images/ and write /images/<name>.',
});

export function externalImageError(location: SourceLocation, src: string): SiteError {
  if (/^(https?:)?\/\//i.test(src)) {
    return ExternalImage({
      message: `"${src}" is on another site; images are published from this site so they can be resized, and they do not vanish when the other site does.`,
      hint: 'Save the image beside the post and write its name: ![…](./name.png). To keep images of a host as they are, list the host in site.yaml under images.remoteHosts.',
      location,
    });
  }
  return ExternalImage({
    message: `"${src}" is neither beside the markdown file nor in site/images; images are published from there so they can be resized and served from this site.`,
    location,
  });
}

const MissingImage = defineError({
  name: 'MissingImage',
  stage: 'images',
  title: 'Image not found',
  when: 'A markdown body, a YAML image ({ src: /images/… }) or a template shows an image (or links a file) that does not exist, in site/images or beside the markdown file.',
  hint: "Check the path (file names are case-sensitive; a relative path starts from the markdown file's folder, /images/… from site/) or add the file.",
});

/** An image of markdown or YAML content; `field` is its YAML path. */
export function missingImageError(location: SourceLocation, src: string, field?: string, resolved?: string): SiteError {
  if (resolved) return MissingImage({ message: `${src} does not exist: site${resolved} is not there.`, ...(field ? { field } : {}), location });
  return MissingImage({ message: `${src} does not exist in site/images.`, ...(field ? { field } : {}), location });
}

/** An image a template shows (markdown and YAML images are checked earlier, with their own lines). */
export function missingTemplateImageError(location: SourceLocation, src: string, pageUrl: string): SiteError {
  return MissingImage({ message: `A template shows ${src} (on ${pageUrl} and maybe other pages), but site${src} does not exist.`, field: 'src', location });
}

const MissingAltText = defineError({
  name: 'MissingAltText',
  stage: 'images',
  title: 'Image without alt text',
  when: 'An image in markdown or YAML has no alt text (in YAML: in some language) and is not marked decorative.',
  hint: 'Describe what the image shows in its alt text, or mark a purely decorative image as decorative.',
});

/** Markdown images get markdown advice; YAML images (with a `field`) need alt text in every language. */
export function missingAltTextError(location: SourceLocation, src: string, field?: string): SiteError {
  if (field === undefined) {
    return MissingAltText({
      message: `${src} has no alt text: screen-reader users and search engines would learn nothing from it.`,
      hint: 'Describe the image: ![What it shows](…). For a purely decorative image write ![](… "decorative").',
      location,
    });
  }
  return MissingAltText({
    message: `${src} has no alt text (in every language): screen-reader users and search engines would learn nothing from it.`,
    hint: 'Add alt: { en: …, es: … } describing the image, or decorative: true for pure decoration.',
    field,
    location,
  });
}

const InvalidImage = defineError({
  name: 'InvalidImage',
  stage: 'images',
  title: 'An image cannot be used',
  when: 'An image file (in site/images or beside a markdown file) cannot be read as an image, or an SVG has no size (width and height, or a viewBox).',
  hint: 'Replace the file with a valid JPEG, PNG, GIF, WebP, AVIF or SVG.',
});

/** `file` as shown to the user; `why` ends the sentence "<file>: …". */
export function invalidImageError(file: string, why: string): SiteError {
  return InvalidImage({ message: `${file}: ${why}.`, location: { file } });
}

const InvalidSocialCard = defineError({
  name: 'InvalidSocialCard',
  stage: 'images',
  title: 'The social card design cannot be drawn',
  when: 'Social cards are on (images.socialCards in site.yaml) and templates/social-card.svg is missing, is not 1200×630, or has no usable <text id="title"> (where the page title goes).',
  hint: 'Keep templates/social-card.svg a 1200×630 SVG with one empty <text id="title" x y font-size fill data-line-height data-max-chars data-max-lines>; its comment explains each.',
});

/** `why` ends the sentence "templates/social-card.svg: …". */
export function invalidSocialCardError(file: string, why: string): SiteError {
  return InvalidSocialCard({ message: `${displayPath(file)}: ${why}.`, location: { file: displayPath(file) } });
}

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

// ── assets: the browser bundle and the stylesheet ──

const ClientBundleError = defineError({
  name: 'ClientBundleError',
  stage: 'assets',
  title: 'The browser bundle does not build',
  when: 'esbuild cannot bundle the browser code: the interactive templates and src/client/.',
  hint: 'Fix the file esbuild names; the message above comes from esbuild.',
});

export function clientBundleError(error: unknown): SiteError {
  return ClientBundleError({ ...esbuildFirstError(error), cause: error });
}

const CssError = defineError({
  name: 'CssError',
  stage: 'assets',
  title: 'The stylesheet does not build',
  when: "esbuild cannot bundle the site's CSS, or warns about it: a syntax error (an unclosed brace, a stray character), or an @import or url() that does not resolve.",
  hint: 'Fix the stylesheet at the place esbuild names; the message above comes from esbuild.',
});

/** `fileOf` shows esbuild's paths (relative to the project) as the other errors show theirs. */
export function cssError(error: unknown, fileOf?: (file: string) => string): SiteError {
  return CssError({ ...esbuildFirstError(error, fileOf), cause: error });
}

// ── checks: `agency-site check` (its findings are reported as findings, not errors) ──

const BuiltSiteMissing = defineError({
  name: 'BuiltSiteMissing',
  stage: 'checks',
  title: 'No built site to check',
  when: '`agency-site check` finds no built pages in --out.',
  hint: 'Run `agency-site build` first, or pass the folder it wrote with --out.',
});

export function outMissingError(outDir: string): SiteError {
  return BuiltSiteMissing({ message: `${outDir} holds no built pages (no index.html or 404.html).`, location: { file: outDir } });
}

const OutputStale = defineError({
  name: 'OutputStale',
  stage: 'checks',
  title: 'out/ is older than your sources',
  when: '`agency-site check --no-build` finds sources changed since the last build, or out/ changed after it: its findings would be about another site.',
  hint: 'Run `agency-site build`, or run `agency-site check` without --no-build (it builds first when it needs to).',
});

export function outputStaleError(outDir: string, reason: string): SiteError {
  return OutputStale({ message: `${outDir} is older than your sources: run build (${reason}).`, location: { file: outDir } });
}

// ── forms: `forms`, `serve` and `leads` ──

const LeadsDatabaseMissing = defineError({
  name: 'LeadsDatabaseMissing',
  stage: 'forms',
  title: 'No leads database',
  when: '`leads list`, `leads export` or `leads backup` is given a --db file that does not exist.',
  hint: 'Start the forms server (`agency-site forms`) to create it, or pass the right file with --db.',
});

export function leadsDatabaseMissingError(path: string): SiteError {
  return LeadsDatabaseMissing({ message: `There is no leads database at ${path}.`, location: { file: path } });
}

const InvalidFormsOption = defineError({
  name: 'InvalidFormsOption',
  stage: 'forms',
  title: 'Invalid option',
  when: 'An option or environment variable of `forms`, `serve` or `leads` has a value that cannot work (an SMTP URL, a sender address, a port in use, a backup file).',
  // `forms`, `serve` and `leads` report these, so the hint names none of them.
  hint: 'Run the command with --help for the accepted values.',
});

/** `message` says what is wrong with the value and, where it can, what to write instead. */
export function formsOptionError(option: string, message: string): SiteError {
  return InvalidFormsOption({ title: `Invalid ${option}`, message });
}

// ── deploy: `agency-site deploy`. It prints title and message on one line (a CI log shows it
// alone), so each message also names what to fix. ──

const InvalidDeployOption = defineError({
  name: 'InvalidDeployOption',
  stage: 'deploy',
  title: 'Invalid option',
  when: 'A deploy option (or the deploy: block of site.yaml) has a value that cannot work, or --out holds no built site.',
  hint: 'Run `agency-site deploy --help` for the accepted values.',
});

export function deployOptionError(option: string, message: string): SiteError {
  return InvalidDeployOption({ title: `Invalid ${option}`, message });
}

const DeployBucketNotFound = defineError({
  name: 'DeployBucketNotFound',
  stage: 'deploy',
  title: 'Bucket not found',
  when: 'The bucket named by --target does not exist at the endpoint, or lives in another region.',
  hint: 'Check --target (s3://<bucket>[/<prefix>]) and --region.',
});

export function deployBucketNotFoundError(bucket: string, where: string): SiteError {
  return DeployBucketNotFound({ message: `There is no bucket "${bucket}" at ${where}: check --target (s3://<bucket>[/<prefix>]) and --region.` });
}

const DeployAccessDenied = defineError({
  name: 'DeployAccessDenied',
  stage: 'deploy',
  title: 'Credentials refused',
  when: 'No AWS credentials were found, or the storage refused them for this bucket.',
  hint: 'Set AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, or in CI the role that may write to the bucket.',
});

export function deployAccessError(bucket: string, detail: string): SiteError {
  return DeployAccessDenied({
    message: `${detail} (bucket "${bucket}"): set AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, or in CI the role that may write to the bucket.`,
  });
}

const DeployEndpointUnreachable = defineError({
  name: 'DeployEndpointUnreachable',
  stage: 'deploy',
  title: 'Storage unreachable',
  when: 'The S3 endpoint (AWS or --endpoint) does not answer.',
  hint: 'Check --endpoint and the network.',
});

export function deployUnreachableError(where: string, detail: string): SiteError {
  return DeployEndpointUnreachable({ message: `Cannot reach ${where} (${detail}): check --endpoint and the network.` });
}

const DeployTooManyDeletes = defineError({
  name: 'DeployTooManyDeletes',
  stage: 'deploy',
  title: 'Too many deletions',
  when: 'The deploy would delete more files from the bucket than --max-deletes allows (256 by default): usually a wrong --out or --target.',
  hint: 'Check --out and --target, or raise --max-deletes.',
});

export function deployTooManyDeletesError(count: number, max: number): SiteError {
  return DeployTooManyDeletes({
    message: `This deploy would delete ${count} files, more than --max-deletes ${max}: check --out and --target, or raise --max-deletes.`,
  });
}

const DeployFailed = defineError({
  name: 'DeployFailed',
  stage: 'deploy',
  title: 'Deploy stopped',
  when: 'The storage refused a request for another reason while listing, uploading or deleting.',
  hint: 'Run the same command again to finish: pages already uploaded have their assets.',
});

export function deployFailedError(what: string, detail: string): SiteError {
  return DeployFailed({
    title: `Deploy stopped while ${what}`,
    message: `${detail}; run the same command again to finish: pages already uploaded have their assets.`,
  });
}

const InvalidationFailed = defineError({
  name: 'InvalidationFailed',
  stage: 'deploy',
  title: 'CloudFront invalidation failed',
  when: 'The bucket was updated, but the distribution named by --cloudfront refused the invalidation.',
  hint: "Check --cloudfront and the role's cloudfront:CreateInvalidation permission.",
});

export function invalidationFailedError(distribution: string, detail: string): SiteError {
  return InvalidationFailed({
    message: `The bucket is up to date, but distribution ${distribution} refused the invalidation (${detail}): check --cloudfront and the role's cloudfront:CreateInvalidation permission.`,
  });
}

const RedirectFunctionFailed = defineError({
  name: 'RedirectFunctionFailed',
  stage: 'deploy',
  title: 'CloudFront Function not published',
  when: 'The bucket was updated, but the distribution named by --cloudfront refused the redirect function or its association.',
  hint: "Check --cloudfront and the role's cloudfront:GetFunction, CreateFunction, UpdateFunction, PublishFunction, GetDistributionConfig and UpdateDistribution permissions.",
});

export function redirectFunctionFailedError(distribution: string, detail: string): SiteError {
  return RedirectFunctionFailed({
    message: `The bucket is up to date, but distribution ${distribution} did not take the redirect function (${detail}): check --cloudfront and the role's cloudfront:*Function and *DistributionConfig permissions.`,
  });
}

const RedirectFunctionTooLarge = defineError({
  name: 'RedirectFunctionTooLarge',
  stage: 'deploy',
  title: 'Redirect map too large for a CloudFront Function',
  when: 'deploy --cloudfront would publish the redirect map as a CloudFront Function larger than the 10 KB CloudFront accepts; nothing was uploaded.',
  hint: 'Fold old paths that share a prefix into one splat in site/redirects.yaml (`/old-blog/*` → `/blog/:splat`), or deploy without --cloudfront: the bucket then answers each old path with a redirect object.',
});

export function redirectFunctionTooLargeError(redirects: number, bytes: number, limit: number): SiteError {
  return RedirectFunctionTooLarge({
    message: `${redirects} redirects make a CloudFront Function of ${(bytes / 1024).toFixed(1)} KB, more than the ${limit / 1024} KB CloudFront accepts; nothing was uploaded.`,
  });
}

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
