import { defineError, defineWarning } from '../define-error.ts';
import { SiteError, type SourceLocation } from '../site-error.ts';

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
  when: 'A blog post does not start with a front matter block, or starts with the TOML block Hugo writes between `+++` lines.',
  hint: 'Start the file with ---, then title, description and date, then ---.',
});

/** `toml`: the file opens with Hugo's `+++` block, which is front matter, only not YAML. */
export function missingFrontMatterError(file: string, toml = false): SiteError {
  return MissingFrontMatter({
    message: toml
      ? 'This front matter is TOML, between "+++" lines as Hugo writes it; the build reads YAML between two "---" lines: write each "+++" as "---" and `title = "…"` as `title: "…"`.'
      : 'The file must start with a front matter block between two "---" lines.',
    location: { file, line: 1 },
  });
}

const HugoShortcode = defineError({
  name: 'HugoShortcode',
  stage: 'content',
  title: 'A Hugo shortcode in markdown',
  when: 'A markdown body moved in from Hugo uses a shortcode (`{{< gallery >}}`, `{{< youtube id >}}`, `{{% notice %}}`); this site has none, so the page would show it as written, and the images a gallery names would be published and never shown. In code (a fence or a `span`) it is text and stays.',
  hint: 'Write what it showed in markdown: each image as ![Alt text](images/shot.png) beside the post, a video as an <iframe> from a host listed in site.yaml under embeds, a note as :::note … :::; to show a shortcode as text, put it in `code`.',
});

export function hugoShortcodeError(location: SourceLocation, written: string, name: string): SiteError {
  const shown = written.length > 60 ? `${written.slice(0, 57)}…` : written;
  return HugoShortcode({ message: `${shown} is Hugo's "${name}" shortcode; this site has no shortcodes, so the page would show it as written.`, location });
}

const UnplacedPostFile = defineError({
  name: 'UnplacedPostFile',
  stage: 'content',
  title: 'A markdown file under site/blog that is not a post',
  when: 'A `.md` file under site/blog is in none of the layouts a post can have, or is written in a language the site does not publish, so it would be left out without a word: a Hugo tree with year folders (`2021/june/<slug>/index.md`), a section page (`_index.md`), a translation in a third language (`index.de.md`).',
  hint: 'Move it where README.md says under "Posts as folders, files beside them" (`<slug>/index.md` with `index.es.md` beside it, `<locale>/<slug>/index.md` or `<locale>/<slug>.md`), or delete it.',
});

/** `names`: the files of its folder left out for the same reason, this one first. */
export function unplacedPostFileError(file: string, why: string, names: readonly string[] = []): SiteError {
  const listed = names.length > 10 ? `${names.slice(0, 10).join(', ')} and ${names.length - 10} more` : names.join(', ');
  return UnplacedPostFile({
    message: names.length > 1 ? `These ${names.length} files are not published (${listed}): ${why}.` : `This file is not published: ${why}.`,
    location: { file },
  });
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

// ── warnings: the build goes on ──

export const draftSkippedWarning = defineWarning({
  name: 'DraftSkipped',
  stage: 'content',
  title: 'A draft is not published',
  when: 'A post has `draft: true`: it gets no page, no feed entry and no sitemap URL, and the build says so, so a forgotten flag is seen.',
  hint: 'Remove `draft: true` (or set it to false) when the post is ready.',
});

export const descriptionIsTitleWarning = defineWarning({
  name: 'DescriptionIsTitle',
  stage: 'content',
  title: "A post's description repeats its title",
  when: 'The description is the title, as `new post` writes it: search results and link previews would show the title twice.',
  hint: 'Write one or two sentences that say what the post is about.',
});

export const localeValueMissingWarning = defineWarning({
  name: 'LocaleValueMissing',
  stage: 'content',
  title: 'A page field or collection item has no value in one language',
  when: "A per-language value (page data, a collection item) has the default language's text only: the other language's pages show it untranslated.",
  hint: 'Add the value for that language at the line named.',
});
