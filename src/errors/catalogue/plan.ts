import { defineError, defineWarning } from '../define-error.ts';
import { formatLoc } from '../locate.ts';
import { SiteError, type SourceLocation } from '../site-error.ts';

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
  when: 'site/urls.lock records a URL that no page, feed or file of the site makes any more, and no alias or site/redirects.yaml entry says where it went.',
  hint: 'Add the old path under "aliases" of the page that replaces it, or add it to site/redirects.yaml (a "to" target, or under "gone" for a 410; a file has no page, so only redirects.yaml).',
});

export function urlDisappearedError(lost: Array<{ path: string; file: string; locale: string; page: string }>): SiteError {
  const first = lost[0]!;
  const list = lost.map((l) => `${l.path} (last made by ${l.file})`).join(', ');
  // A file of the site folder (`file:` in the lock) has no page to alias it: only redirects.yaml can say where it went.
  const files = lost.every((l) => l.page.startsWith('file:'));
  const folder = first.path.slice(0, first.path.lastIndexOf('/') + 1);
  const hint = first.page.startsWith('file:')
    ? `Add it to site/redirects.yaml: "redirects: [{ from: ${first.path}, to: /its/new/path }]"` +
      (folder.length > 1 ? ` (a folder of files moved: "{ from: ${folder}*, to: /new/folder/:splat }")` : '') +
      `, or "gone: [${first.path}]" to answer 410 Gone.`
    : `Either add it under "aliases" of the page that replaces it (a post's front matter: "aliases: [${first.path}]"; ` +
      `a page's YAML, per locale: "aliases: { ${first.locale}: [${first.path}] }"), or add it to site/redirects.yaml: ` +
      `"redirects: [{ from: ${first.path}, to: /new/path/ }]", or "gone: [${first.path}]" to answer 410 Gone.`;
  const one = lost.length === 1;
  return UrlDisappeared({
    message: `${one ? 'This URL was' : `${lost.length} URLs were`} published and ${files ? `the site folder no longer has ${one ? 'its file' : 'their files'}` : `no page makes ${one ? 'it' : 'them'} any more`}: ${list}.`,
    hint,
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

// ── warnings: the build goes on ──

export const redirectNeverTakenWarning = defineWarning({
  name: 'RedirectNeverTaken',
  stage: 'plan',
  title: 'A redirect from a path where a page lives',
  when: 'An alias or a site/redirects.yaml entry starts at a path the site publishes a page at: the page wins and the redirect is never taken.',
  hint: 'Remove the redirect, or move the page.',
});

export const urlLockSkippedWarning = defineWarning({
  name: 'UrlLockSkipped',
  stage: 'plan',
  title: 'site/urls.lock was not used or not written',
  when: 'With `--no-lock` the lock is applied but not written, so a URL that disappeared only warns; in CI with no lock file committed, the build cannot tell which published URLs disappeared.',
  hint: 'Run `agency-site build` locally and commit site/urls.lock.',
});

export const publishedUrlLostWarning = defineWarning({
  name: 'PublishedUrlLost',
  stage: 'plan',
  title: 'A published URL has no page (serve --watch, build --no-lock)',
  when: 'While serving, or in a build with `--no-lock`, a URL in site/urls.lock lost its page. `build` refuses it (UrlDisappeared); these only warn, so editing can go on.',
  hint: 'Add an alias on the page that replaces it, or a site/redirects.yaml entry (a target or `gone`).',
});
