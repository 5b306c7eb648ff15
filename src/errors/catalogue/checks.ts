import { catalogueEntry, defineError, defineFinding, findingOf } from '../define-error.ts';
import { SiteError } from '../site-error.ts';

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

// ── findings of `agency-site check`: each with a permanent name, its check and its usual severity ──

/** A finding for a problem the build already names: one problem, one name. */
function sameAs<C extends string>(name: string, check: C, severity: 'error' | 'warning') {
  const entry = catalogueEntry(name);
  if (!entry) throw new Error(`Internal error: the catalogue has no ${name} for a check to report`);
  return findingOf({ ...entry, check, severity });
}

export const imageWithoutAltFinding = defineFinding({
  name: 'ImageWithoutAlt',
  stage: 'checks',
  check: 'content',
  severity: 'error',
  title: 'An image a screen reader cannot describe',
  when: 'A built page has an <img> with no alt, or an empty alt without role="presentation".',
  hint: 'Describe the image in its alt text (markdown: ![what it shows](file)); for pure decoration use alt="" with role="presentation".',
});

export const headingLevelSkippedFinding = defineFinding({
  name: 'HeadingLevelSkipped',
  stage: 'checks',
  check: 'content',
  severity: 'error',
  title: 'A heading that skips a level',
  when: "A heading goes more than one level deeper than the one before it (an h4 after an h2), as axe's heading-order rule checks.",
  hint: 'Use the next level down; screen reader users navigate by heading levels.',
});

export const titleMissingFinding = defineFinding({
  name: 'TitleMissing',
  stage: 'checks',
  check: 'content',
  severity: 'error',
  title: 'A page with no title',
  when: 'A built page has an empty <title>.',
  hint: "Write the page's title; it names the tab, the bookmark and the search result.",
});

export const descriptionMissingFinding = defineFinding({
  name: 'DescriptionMissing',
  stage: 'checks',
  check: 'content',
  severity: 'error',
  title: 'A page with no meta description',
  when: 'A built page has no <meta name="description">, or an empty one.',
  hint: 'Write one or two sentences that make someone click the search result.',
});

export const titleTooLongFinding = defineFinding({
  name: 'TitleTooLong',
  stage: 'checks',
  check: 'content',
  severity: 'warning',
  title: 'A title longer than search results show',
  when: "An indexed page's <title>, the site name the template adds included, is longer than about 60 characters.",
  hint: 'Shorten the title.',
});

export const descriptionTooLongFinding = defineFinding({
  name: 'DescriptionTooLong',
  stage: 'checks',
  check: 'content',
  severity: 'warning',
  title: 'A description longer than search results show',
  when: "An indexed page's meta description is longer than about 160 characters.",
  hint: 'Shorten the description.',
});

export const titleSharedFinding = defineFinding({
  name: 'TitleShared',
  stage: 'checks',
  check: 'content',
  severity: 'error',
  title: 'Two pages of one language with one title',
  when: 'Indexed pages of the same language have the same <title>: search results cannot tell them apart.',
  hint: 'Give each page a title of its own.',
});

export const rawHtmlInSourceFinding = sameAs('RawHtmlRemoved', 'content', 'warning');
export const unknownFenceLanguageFinding = sameAs('UnknownFenceLanguage', 'content', 'warning');

export const canonicalLinkWrongFinding = defineFinding({
  name: 'CanonicalLinkWrong',
  stage: 'checks',
  check: 'links',
  severity: 'error',
  title: "A canonical link that is missing, repeated or not the page's own URL",
  when: 'A built page has no <link rel="canonical">, more than one, or one that is not baseUrl + its own path.',
  hint: 'Canonical links are baseUrl (site.yaml) + the page path: check with the --base-url the site was built with, rebuild, or fix templates/Document.tsx.',
});

export const hreflangLinkWrongFinding = defineFinding({
  name: 'HreflangLinkWrong',
  stage: 'checks',
  check: 'links',
  severity: 'error',
  title: 'hreflang links that do not agree',
  when: "A page's alternates leave it out, point at a page that is not built, at a page in another language, or at one that does not point back.",
  hint: "hreflang links come from the plan (a page's slug per locale; posts paired by translationKey): rebuild, or fix templates/Document.tsx.",
});

export const linkToMissingPageFinding = defineFinding({
  name: 'LinkToMissingPage',
  stage: 'checks',
  check: 'links',
  severity: 'error',
  title: 'A link to a page or file the site does not have',
  when: 'A link in a built page leads to a path that is neither a built page nor a file of out/.',
  hint: "Link pages through their page id (navigation.yaml `page:`, or useHref in templates) so a changed slug cannot break it; in markdown, use the page's current URL.",
});

export const linkToMissingFragmentFinding = defineFinding({
  name: 'LinkToMissingFragment',
  stage: 'checks',
  check: 'links',
  severity: 'error',
  title: 'A link to an id the page does not have',
  when: "A link's #fragment names no element id on the page it leads to.",
  hint: 'Use an id that exists on that page (heading ids are the heading text in lowercase with dashes), or remove the fragment.',
});

export const urlLockMissingFinding = defineFinding({
  name: 'UrlLockMissing',
  stage: 'checks',
  check: 'redirects',
  severity: 'warning',
  title: 'No record of published URLs',
  when: 'site/urls.lock does not exist, so URLs the site published before cannot be checked.',
  hint: 'Run `agency-site build` (without --no-lock) and commit site/urls.lock.',
});

export const urlDisappearedFinding = sameAs('UrlDisappeared', 'redirects', 'error');
export const redirectNeverTakenFinding = sameAs('RedirectNeverTaken', 'redirects', 'error');

export const redirectChainFinding = defineFinding({
  name: 'RedirectChain',
  stage: 'checks',
  check: 'redirects',
  severity: 'error',
  title: 'A redirect that leads to another redirect',
  when: "A redirect's target redirects again: a chain, or a loop. The build collapses chains it makes; this one was written by hand or served by the host.",
  hint: 'Point it at the page where the chain ends.',
});

export const redirectToMissingPageFinding = defineFinding({
  name: 'RedirectToMissingPage',
  stage: 'checks',
  check: 'redirects',
  severity: 'error',
  title: 'A redirect to a page the site does not have',
  when: "A redirect's target is neither a built page nor a file of out/.",
  hint: 'Point it at a page that exists, or name the page by id: `to: { page: <id>, locale: <locale> }`.',
});

export const linkToOldUrlFinding = defineFinding({
  name: 'LinkToOldUrl',
  stage: 'checks',
  check: 'redirects',
  severity: 'warning',
  title: 'A link to a URL that redirects',
  when: 'A link in the site points at an old URL that now redirects (301) or is gone (410).',
  hint: 'Link to the new URL: every visitor and crawler skips a redirect.',
});

export const structuredDataInvalidFinding = defineFinding({
  name: 'StructuredDataInvalid',
  stage: 'checks',
  check: 'structured-data',
  severity: 'error',
  title: 'Structured data that is not JSON',
  when: 'A <script type="application/ld+json"> block does not parse.',
  hint: 'Search engines ignore the whole block; fix the template that writes it.',
});

export const structuredDataIncompleteFinding = defineFinding({
  name: 'StructuredDataIncomplete',
  stage: 'checks',
  check: 'structured-data',
  severity: 'error',
  title: 'Structured data without the fields search engines require',
  when: 'An Organization, BlogPosting, JobPosting or other block lacks a field search engines need to show it.',
  hint: 'Fill the fields in the page source.',
});

export const jobPostingExpiredFinding = defineFinding({
  name: 'JobPostingExpired',
  stage: 'checks',
  check: 'structured-data',
  severity: 'warning',
  title: 'A job posting past its end date',
  when: "A JobPosting's validThrough is in the past: search engines drop expired postings.",
  hint: 'Move data.job.validThrough forward if the role is still open, or take the page down.',
});

export const claimDetectorInvalidFinding = defineFinding({
  name: 'ClaimDetectorInvalid',
  stage: 'checks',
  check: 'claims',
  severity: 'error',
  title: 'A claim detector the check cannot use',
  when: "An entry of constants.yaml's claim detectors names no constant or has a pattern that is not a regular expression with one group.",
  hint: 'Each detector names a constant (a dotted path in constants.yaml) and a regular expression whose first group captures the number.',
});

export const claimContradictsConstantFinding = defineFinding({
  name: 'ClaimContradictsConstant',
  stage: 'checks',
  check: 'claims',
  severity: 'error',
  title: 'A page states a number constants.yaml says otherwise',
  when: 'A claim detector finds a number in a built page that differs from the constant it names.',
  hint: "Write {namespace.name} in the page's source instead of the number, so the claim always follows constants.yaml.",
});

export const plainNumberPatternInvalidFinding = defineFinding({
  name: 'PlainNumberPatternInvalid',
  stage: 'checks',
  check: 'claims',
  severity: 'error',
  title: 'A plainNumbers pattern that is not a regular expression',
  when: 'An entry of plainNumbers in constants.yaml does not compile.',
  hint: 'Each entry is a regular expression matching the phrase around a number that is not a claim.',
});

export const unexplainedNumberFinding = defineFinding({
  name: 'UnexplainedNumber',
  stage: 'checks',
  check: 'claims',
  severity: 'error',
  title: 'A number that is neither a constant nor allowed',
  when: 'A built page shows a number that is not a value of constants.yaml and no plainNumbers pattern allows.',
  hint: 'Add it to constants.yaml and write {namespace.name} in the source, or, when it is not a claim (a law number, a chapter), add a plainNumbers pattern with the reason.',
});

export const pageOverBudgetFinding = defineFinding({
  name: 'PageOverBudget',
  stage: 'checks',
  check: 'budgets',
  severity: 'error',
  title: 'A page heavier than its budget',
  when: "A page's HTML, CSS, JavaScript or page-data weighs more than site/budgets.yaml allows.",
  hint: 'Make the page lighter, or raise the budget in site/budgets.yaml if the weight is deliberate.',
});

export const budgetsFileInvalidFinding = defineFinding({
  name: 'BudgetsFileInvalid',
  stage: 'checks',
  check: 'budgets',
  severity: 'error',
  title: 'A budgets file the check cannot read',
  when: 'site/budgets.yaml is not YAML, or a field is not a number of KB: the default budgets apply.',
  hint: 'budgets.yaml accepts html, css, js and pageData, each a number of KB (1 KB = 1024 bytes).',
});

export const localeValueMissingFinding = sameAs('LocaleValueMissing', 'translations', 'warning');
export const messageMissingInLocaleFinding = sameAs('MessageFallback', 'translations', 'error');
export const messageMissingEverywhereFinding = sameAs('MessageMissingEverywhere', 'translations', 'error');

export const pageMissingInLocaleFinding = defineFinding({
  name: 'PageMissingInLocale',
  stage: 'checks',
  check: 'translations',
  severity: 'error',
  title: 'A page with no slug in a language',
  when: 'A page of site/pages has no slug for a locale of site.yaml, so it does not exist in that language.',
  hint: 'Add the slug for that locale and the matching seo.<locale> title and description.',
});

export const postWithoutTranslationFinding = defineFinding({
  name: 'PostWithoutTranslation',
  stage: 'checks',
  check: 'translations',
  severity: 'warning',
  title: 'A paired post with no published translation',
  when: 'A post has a translationKey but no published post of another locale shares it: it offers no language switch.',
  hint: 'Write the translation with the same translationKey, or publish its draft.',
});

export const translationOutdatedFinding = defineFinding({
  name: 'TranslationOutdated',
  stage: 'checks',
  check: 'translations',
  severity: 'warning',
  title: 'A translation its source has moved ahead of',
  when: 'git history shows the source text changed after the translation was last edited (formatting-only and `[i18n skip]` commits and pins aside).',
  hint: 'Bring the translation up to date and commit it; if the change needs no new translation, commit it with "[i18n skip]" in the message.',
});

export const messageUnusedFinding = defineFinding({
  name: 'MessageUnused',
  stage: 'checks',
  check: 'translations',
  severity: 'warning',
  title: 'A translated message whose source key is gone',
  when: 'A locale file has a key the default locale no longer has (or a plural form the language does not use).',
  hint: 'Delete it, or rename it to the key it translates.',
});
