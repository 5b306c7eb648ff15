import { localeValueMissingFinding, messageMissingInLocaleFinding, pageMissingInLocaleFinding, postWithoutTranslationFinding } from '../errors/index.ts';
import { readFileSync } from 'node:fs';
import { parseYaml, type SiteConfig } from '../config/index.ts';
import type { Content, Post } from '../content/index.ts';
import { locateYamlPath } from '../errors/index.ts';
import type { Messages } from '../i18n/index.ts';
import { frontMatterLine } from './front-matter-line.ts';
import type { Finding } from './types.ts';

export interface CheckTranslationsOptions {
  config: SiteConfig;
  content: Content;
  messages: Messages;
  /** Absolute path of each locale's messages file, to find a key's line. */
  messagePaths: Record<string, string>;
}

/** Messages a locale lacks, pages missing a locale's slug, values missing a locale, posts without their translation. */
export function checkTranslations(options: CheckTranslationsOptions): Finding[] {
  return [...missingMessages(options), ...pagesWithoutSlug(options), ...valuesWithoutLocale(options), ...postsWithoutPartner(options)];
}

/** `{ en: …, es: … }` values in page data and collections missing a locale: the build falls back, and says so. */
function valuesWithoutLocale({ content }: CheckTranslationsOptions): Finding[] {
  return content.localeGaps.map((gap) =>
    localeValueMissingFinding({
      file: gap.location.file,
      ...lineOf(gap.location.line),
      message: `${gap.field} has no ${gap.locale} value, so ${gap.locale} pages show the ${gap.usedLocale} text.`,
      hint: `Add ${gap.locale}: with the ${gap.locale} translation beside ${gap.usedLocale}: in ${gap.field}.`,
    }),
  );
}

function missingMessages({ config, messages, messagePaths }: CheckTranslationsOptions): Finding[] {
  const { defaultLocale } = config;
  const baseFile = messages.files[defaultLocale]!;
  const source = (locale: string) => readFileSync(messagePaths[locale]!, 'utf8');
  const base = source(defaultLocale);
  const own: Record<string, { source: string; tree: unknown }> = {};
  return messages.fallbacks.map((f) => {
    if (!own[f.locale]) {
      const text = source(f.locale);
      own[f.locale] = { source: text, tree: parseYaml({ file: messages.files[f.locale]!, source: text }) };
    }
    const path = f.key.split('.');
    const defined = locateYamlPath(base, path)?.line;
    const parent = sectionLine(own[f.locale]!, path);
    return messageMissingInLocaleFinding({
      file: messages.files[f.locale]!,
      ...(parent !== undefined ? { line: parent } : {}),
      message: `Message "${f.key}" is missing in ${f.locale}; ${f.locale} pages show the ${defaultLocale} text (${baseFile}${defined ? `:${defined}` : ''}).`,
      hint: `Add "${f.key}" to ${messages.files[f.locale]} with the ${f.locale} translation.`,
    });
  });
}

function pagesWithoutSlug({ config, content }: CheckTranslationsOptions): Finding[] {
  const findings: Finding[] = [];
  for (const page of content.pages) {
    const missing = config.locales.filter((l) => page.slug[l] === undefined);
    if (!missing.length) continue;
    findings.push(
      pageMissingInLocaleFinding({
        file: page.file,
        ...lineOf(page.locate(['slug']).line),
        message: `Page "${page.id}" has no ${missing.join(', ')} slug, so it does not exist in ${missing.length > 1 ? 'those languages' : 'that language'}.`,
        hint: `Add ${missing.map((l) => `slug.${l}`).join(', ')} and the matching seo.<locale> title and description.`,
      }),
    );
  }
  return findings;
}

function postsWithoutPartner({ config, content }: CheckTranslationsOptions): Finding[] {
  const findings: Finding[] = [];
  const published = new Map<string, Set<string>>();
  const drafted = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, post: Post) => {
    if (post.translationKey) map.set(post.translationKey, (map.get(post.translationKey) ?? new Set()).add(post.locale));
  };
  for (const post of Object.values(content.posts).flat()) add(published, post);
  for (const post of content.drafts) add(drafted, post);
  for (const post of Object.values(content.posts).flat()) {
    if (!post.translationKey) continue;
    const missing = config.locales.filter((l) => l !== post.locale && !published.get(post.translationKey!)?.has(l));
    for (const locale of missing) {
      const draft = drafted.get(post.translationKey)?.has(locale);
      findings.push(
        postWithoutTranslationFinding({
          file: post.file,
          ...lineOf(frontMatterLine(post.markdown.path, 'translationKey')),
          message: `Post "${post.slug}" (translationKey "${post.translationKey}") has no published ${locale} translation${draft ? ` (the ${locale} one is still a draft)` : ''}, so it offers no language switch.`,
          hint: draft
            ? `Publish the ${locale} draft (draft: false) when it is ready.`
            : `Write the ${locale} article (\`agency-site new post --locale ${locale} "Title"\`) and set its translationKey to ${post.translationKey}.`,
        }),
      );
    }
  }
  return findings;
}

/** The line of the deepest section of `path` the file has: where the missing key belongs. */
function sectionLine(file: { source: string; tree: unknown }, path: string[]): number | undefined {
  let node = file.tree;
  let depth = 0;
  for (const key of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null || !(key in node)) break;
    node = (node as Record<string, unknown>)[key];
    depth++;
  }
  return depth ? locateYamlPath(file.source, path.slice(0, depth))?.line : undefined;
}

const lineOf = (line: number | undefined) => (line === undefined ? {} : { line });
