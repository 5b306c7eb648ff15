import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SiteConfig } from '../config/index.ts';
import type { Content, MarkdownSource, Post } from '../content/index.ts';
import { PLURAL_CATEGORIES } from '../shared/format-message.ts';
import { displayPath } from '../node/display-path.ts';
import type { PieceDraft, PieceLocation } from './types.ts';
import { pathKey, readYamlLeaves } from './yaml-leaves.ts';

export interface CollectPiecesOptions {
  config: SiteConfig;
  content: Content;
  siteDir: string;
  /** Absolute path of each locale's messages file. */
  messagePaths: Record<string, string>;
  /** URL path of each post (by its absolute file path) and each page (`<id> <locale>`). */
  urls: Map<string, string>;
}

/** The body as written: the content stage keeps only its hash, so it is read again (source texts only). */
const bodyOf = (markdown: MarkdownSource) => readFileSync(markdown.path, 'utf8').slice(markdown.bodyOffset);
const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;
const at = (path: string, line?: number): PieceLocation => ({ file: displayPath(path), path, ...(line ? { line } : {}) });

/** Every translatable piece per target locale, with what is missing; history decides outdated later. */
export function collectPieces(options: CollectPiecesOptions): PieceDraft[] {
  return [...postPieces(options), ...pagePieces(options), ...collectionPieces(options), ...messagePieces(options)];
}

function postPieces({ config, content, urls, siteDir }: CollectPiecesOptions): PieceDraft[] {
  const groups = new Map<string, { published: Map<string, Post>; drafts: Map<string, Post> }>();
  const group = (post: Post) => {
    const key = post.translationKey ?? `file:${post.markdown.path}`;
    let found = groups.get(key);
    if (!found) groups.set(key, (found = { published: new Map(), drafts: new Map() }));
    return found;
  };
  for (const post of Object.values(content.posts).flat()) group(post).published.set(post.locale, post);
  for (const post of content.drafts) group(post).drafts.set(post.locale, post);
  const pieces: PieceDraft[] = [];
  for (const { published, drafts } of groups.values()) {
    const source = published.get(config.defaultLocale) ?? config.locales.map((l) => published.get(l)).find(Boolean);
    if (!source) continue;
    const words = countWords(`${source.title} ${source.description} ${bodyOf(source.markdown)}`);
    for (const locale of config.locales) {
      if (locale === source.locale) continue;
      const translation = published.get(locale);
      const draft = drafts.get(locale);
      const base = {
        kind: 'post' as const,
        id: `blog ${source.translationKey ?? source.slug}`,
        locale,
        sourceLocale: source.locale,
        words,
        source: at(source.markdown.path, 1),
      };
      const sourceUrl = urls.get(source.markdown.path);
      if (!translation) {
        pieces.push({
          ...base,
          status: 'missing',
          translation: draft ? at(draft.markdown.path, 1) : { file: `${displayPath(join(siteDir, 'blog', locale))}/`, path: join(siteDir, 'blog', locale) },
          urls: sourceUrl ? { source: sourceUrl } : {},
          ...(draft ? { note: 'draft' } : {}),
        });
        continue;
      }
      const translationUrl = urls.get(translation.markdown.path);
      pieces.push({
        ...base,
        status: 'translated',
        translation: at(translation.markdown.path, 1),
        urls: { ...(sourceUrl ? { source: sourceUrl } : {}), ...(translationUrl ? { translation: translationUrl } : {}) },
        compare: {
          type: 'file',
          source: source.markdown.path,
          translation: translation.markdown.path,
          ...(translation.translatedFrom ? { pin: translation.translatedFrom } : {}),
        },
      });
    }
  }
  return pieces;
}

function pagePieces({ config, content, urls }: CollectPiecesOptions): PieceDraft[] {
  const pieces: PieceDraft[] = [];
  for (const page of content.pages) {
    const path = resolve(page.file);
    const pageUrls = (locale: string) => {
      const source = urls.get(`${page.id} ${config.defaultLocale}`);
      const translation = urls.get(`${page.id} ${locale}`);
      return { ...(source !== undefined ? { source } : {}), ...(translation !== undefined ? { translation } : {}) };
    };
    pieces.push(...localeLeafPieces({ config, path, kind: 'page', name: page.id, urlsFor: pageUrls, skip: (p) => p[0] === 'markdown' }));
    const source = page.documents[config.defaultLocale];
    if (!source) continue;
    for (const locale of config.locales) {
      if (locale === config.defaultLocale) continue;
      const translation = page.documents[locale];
      const base = {
        kind: 'page-body' as const,
        id: `${page.id} body`,
        locale,
        sourceLocale: config.defaultLocale,
        words: countWords(`${source.meta.title} ${source.meta.description} ${bodyOf(source.markdown)}`),
        source: at(source.markdown.path, 1),
        urls: pageUrls(locale),
      };
      const pin = (translation?.meta as { translatedFrom?: string } | undefined)?.translatedFrom;
      pieces.push(
        translation
          ? {
              ...base,
              status: 'translated',
              translation: at(translation.markdown.path, 1),
              compare: { type: 'file', source: source.markdown.path, translation: translation.markdown.path, ...(pin ? { pin } : {}) },
            }
          : { ...base, status: 'missing', translation: at(path, page.locate(['markdown']).line) },
      );
    }
  }
  return pieces;
}

function collectionPieces({ config, content, urls, siteDir }: CollectPiecesOptions): PieceDraft[] {
  const pieces: PieceDraft[] = [];
  for (const name of Object.keys(content.collections)) {
    const path = join(siteDir, 'collections', `${name}.yaml`);
    const lister = content.pages.find((p) => p.collections.includes(name));
    const urlsFor = (locale: string) => {
      const source = lister && urls.get(`${lister.id} ${config.defaultLocale}`);
      const translation = lister && urls.get(`${lister.id} ${locale}`);
      return { ...(source !== undefined ? { source } : {}), ...(translation !== undefined ? { translation } : {}) };
    };
    const items = content.collections[name]!;
    pieces.push(
      ...localeLeafPieces({
        config,
        path,
        kind: 'collection',
        // `services/staff-augmentation title` rather than `services items.0.title`.
        name,
        label: (p) => (p[0] === 'items' && typeof p[1] === 'number' ? `${name}/${String(items[p[1]]?.id ?? p[1])} ${p.slice(2).join('.')}` : undefined),
        urlsFor,
      }),
    );
  }
  return pieces;
}

interface LeafPiecesOptions {
  config: SiteConfig;
  path: string;
  kind: 'page' | 'collection';
  name: string;
  label?: (path: Array<string | number>) => string | undefined;
  urlsFor: (locale: string) => PieceDraft['urls'];
  skip?: (path: Array<string | number>) => boolean;
}

/** The `{en: …, es: …}` values of a YAML file: each default-locale leaf against its sibling in every other locale. */
function localeLeafPieces(options: LeafPiecesOptions): PieceDraft[] {
  const { config, path } = options;
  const { leaves, filePin } = readYamlLeaves(readFileSync(path, 'utf8'));
  const childKeys = new Map<string, Set<string>>();
  for (const leaf of leaves.values()) {
    leaf.path.forEach((segment, i) => {
      const parent = leaf.path.slice(0, i).join('\u0000');
      let keys = childKeys.get(parent);
      if (!keys) childKeys.set(parent, (keys = new Set()));
      keys.add(String(segment));
    });
  }
  const pieces: PieceDraft[] = [];
  for (const leaf of leaves.values()) {
    // The deepest segment that is the default locale inside a map whose keys are all locales.
    const index = leaf.path.findLastIndex(
      (segment, i) =>
        segment === config.defaultLocale && [...(childKeys.get(leaf.path.slice(0, i).join('\u0000')) ?? [])].every((k) => config.locales.includes(k)),
    );
    if (index < 0 || options.skip?.(leaf.path)) continue;
    const field = [...leaf.path.slice(0, index), ...leaf.path.slice(index + 1)];
    const isSlug = leaf.path[0] === 'slug';
    for (const locale of config.locales) {
      if (locale === config.defaultLocale) continue;
      const siblingPath = [...leaf.path.slice(0, index), locale, ...leaf.path.slice(index + 1)];
      const sibling = leaves.get(pathKey(siblingPath));
      const base = {
        kind: options.kind,
        id: options.label?.(field) ?? `${options.name} ${field.join('.')}`,
        locale,
        sourceLocale: config.defaultLocale,
        words: isSlug ? 0 : countWords(leaf.value),
        source: at(path, leaf.lines[0]),
        urls: options.urlsFor(locale),
      };
      if (!sibling) {
        pieces.push({ ...base, status: 'missing', translation: at(path, leaf.lines[0]) });
        continue;
      }
      const pin = sibling.pin ?? filePin;
      pieces.push({
        ...base,
        status: 'translated',
        translation: at(path, sibling.lines[0]),
        // A slug names a URL: it is not translated again when the English one changes.
        ...(isSlug
          ? {}
          : { compare: { type: 'lines' as const, source: path, sourceLeaf: leaf, translation: path, translationLeaf: sibling, ...(pin ? { pin } : {}) } }),
      });
    }
  }
  return pieces;
}

function messagePieces({ config, messagePaths }: CollectPiecesOptions): PieceDraft[] {
  const files = Object.fromEntries(config.locales.map((l) => [l, readYamlLeaves(readFileSync(messagePaths[l]!, 'utf8'))]));
  const base = files[config.defaultLocale]!;
  const sourcePath = messagePaths[config.defaultLocale]!;
  const baseKeys = new Set([...base.leaves.values()].map((l) => l.path.join('.')));
  const pieces: PieceDraft[] = [];
  for (const locale of config.locales) {
    if (locale === config.defaultLocale) continue;
    const own = files[locale]!;
    const path = messagePaths[locale]!;
    const required = pluralFormsSelected(locale);
    const known = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[]);
    for (const leaf of base.leaves.values()) {
      const key = leaf.path.join('.');
      const piece = {
        kind: 'message' as const,
        id: key,
        locale,
        sourceLocale: config.defaultLocale,
        words: countWords(leaf.value),
        source: at(sourcePath, leaf.lines[0]),
        urls: {},
      };
      const translation = own.leaves.get(pathKey(leaf.path));
      if (!translation) {
        // An English plural form the locale never selects for a count (`one` where it has only `other`) is not missing.
        const plural = pluralParts(key, baseKeys);
        if (plural && !required.has(plural.form)) continue;
        pieces.push({ ...piece, status: 'missing', translation: { file: displayPath(path), path } });
        continue;
      }
      const pin = translation.pin ?? own.filePin;
      pieces.push({
        ...piece,
        status: 'translated',
        translation: at(path, translation.lines[0]),
        compare: { type: 'lines', source: sourcePath, sourceLeaf: leaf, translation: path, translationLeaf: translation, ...(pin ? { pin } : {}) },
      });
    }
    for (const leaf of own.leaves.values()) {
      const key = leaf.path.join('.');
      if (baseKeys.has(key)) continue;
      const plural = pluralParts(key, baseKeys);
      // A form English lacks but the locale has (Spanish `many`) belongs to the plural map.
      if (plural && known.has(plural.form)) continue;
      pieces.push({
        kind: 'message',
        id: key,
        locale,
        sourceLocale: config.defaultLocale,
        status: 'unused',
        words: 0,
        source: { file: displayPath(sourcePath), path: sourcePath },
        translation: at(path, leaf.lines[0]),
        urls: {},
        note: plural ? `${locale} never selects the plural form "${plural.form}" (Intl.PluralRules)` : `gone from ${config.defaultLocale}`,
      });
    }
  }
  return pieces;
}

/** `forms.errors-summary.one` → its stem and form, when English has that plural map (`….other`). */
function pluralParts(key: string, baseKeys: Set<string>): { stem: string; form: string } | undefined {
  const dot = key.lastIndexOf('.');
  const form = key.slice(dot + 1);
  const stem = key.slice(0, dot);
  return dot > 0 && PLURAL_CATEGORIES.includes(form) && baseKeys.has(`${stem}.other`) ? { stem, form } : undefined;
}

/**
 * The plural categories a count on the site (0 to 1,000) selects in a locale. Spanish `many`
 * (a million) is not required: the formatter falls back to `other` there.
 */
function pluralFormsSelected(locale: string): Set<string> {
  const rules = new Intl.PluralRules(locale);
  const used = new Set<string>();
  for (let n = 0; n <= 1000; n++) used.add(rules.select(n));
  return used;
}
