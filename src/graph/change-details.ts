import type { Content, Post } from '../content/index.ts';
import { LISTED_POST_FIELDS, postFrontMatterSchema, type PostFrontMatter } from '../content/schemas.ts';
import type { Messages } from '../i18n/index.ts';
import type { SitePlan } from '../plan/index.ts';
import type { Classification, FileChange } from './classify-change.ts';
import type { DependencyGraph } from './dependency-graph.ts';
import { absolutePath, type ProjectDirs } from './project-path.ts';

/** Every field of a post: its front matter, from the schema (a new field is compared too), and what loading adds. */
const POST_FIELDS = [...(Object.keys(postFrontMatterSchema.shape) as Array<keyof PostFrontMatter>), 'slug', 'locale', 'readingMinutes'] as const;

/** Post fields shown where the post is listed or linked, plus its body and reading time: a change to them moves the post nowhere. */
export const LISTED_FIELDS: ReadonlySet<string> = new Set([...LISTED_POST_FIELDS, 'body', 'readingMinutes']);

/**
 * Adds what changed inside the files, comparing the last build's content and messages with the
 * new ones: a post's changed fields ('body' included), a locale file's changed keys. Without a
 * last build (a `build` run), fields and keys stay unknown and the classification stays broad.
 */
export function refineChanges(
  changes: FileChange[],
  previous: { content: Content; messages: Messages } | undefined,
  now: { content: Content; messages: Messages; dirs: ProjectDirs },
): FileChange[] {
  if (!previous) return changes;
  return changes.map((change) => {
    if (change.kind !== 'change') return change;
    if (change.path.startsWith('site/blog/') && change.path.endsWith('.md')) {
      const file = absolutePath(change.path, now.dirs);
      const before = findPost(previous.content, file);
      const after = findPost(now.content, file);
      if (!before || !after) return change;
      const fields: string[] = POST_FIELDS.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
      if (before.markdown.hash !== after.markdown.hash) fields.push('body');
      return { ...change, fields };
    }
    if (change.path.startsWith('locales/')) {
      // Completed messages: an English edit can change a Spanish page that falls back to it.
      const keys: Record<string, string[]> = {};
      for (const [locale, texts] of Object.entries(now.messages.byLocale)) {
        const old = previous.messages.byLocale[locale] ?? {};
        const changed = new Set([...Object.keys(texts), ...Object.keys(old)].filter((k) => texts[k] !== old[k]));
        keys[locale] = [...changed];
      }
      return { ...change, keys };
    }
    return change;
  });
}

/** The post (published or draft) read from this file. */
function findPost(content: Content, file: string): Post | undefined {
  return [...Object.values(content.posts).flat(), ...content.drafts].find((p) => p.markdown.path === file);
}

/** Every change is an existing post whose body alone changed (its reading time too would show in lists). */
export function bodiesOnly(changes: FileChange[]): boolean {
  return changes.length > 0 && changes.every((c) => c.kind === 'change' && c.fields !== undefined && c.fields.every((f) => f === 'body'));
}

/** The last plan with each post page's markdown taken from the new content (same pages, same data otherwise). */
export function withNewBodies(plan: SitePlan, content: Content): SitePlan {
  const byFile = new Map(
    Object.values(content.posts)
      .flat()
      .map((p) => [p.markdown.path, p.markdown]),
  );
  const pages = plan.pages.map((page) => {
    const markdown = page.markdown && byFile.get(page.markdown.path);
    return markdown && markdown.hash !== page.markdown!.hash ? { ...page, markdown: { ...markdown, field: page.markdown!.field } } : page;
  });
  return { ...plan, pages };
}

/** Only locale files changed, and none of the keys the planner reads: the pages stand, the shared data is made again. */
export function messagesOnly(changes: FileChange[], graph: DependencyGraph): boolean {
  return (
    changes.length > 0 &&
    changes.every(
      (c) => c.path.startsWith('locales/') && c.keys !== undefined && !Object.values(c.keys).some((keys) => keys.some((k) => graph.planMessages.includes(k))),
    )
  );
}

/** Only collections changed: the ids of the pages that list them, unless one of them is the blog list (then plan the site). */
export function collectionPageIds(changes: FileChange[], reach: Classification, plan: SitePlan, content: Content): Set<string> | undefined {
  if (!changes.length || reach.pages === 'all' || !changes.every((c) => c.kind === 'change' && /^site\/collections\/[^/]+\.ya?ml$/.test(c.path)))
    return undefined;
  const reached = new Set(reach.pages);
  const ids = new Set(plan.pages.filter((p) => reached.has(p.outFile)).map((p) => p.id));
  const list = content.pages.find((p) => p.list === 'posts');
  if (list && [...ids].some((id) => id === list.id || id.startsWith(`${list.id}:`))) return undefined;
  // Every id must be a page of site/pages (not a post).
  return [...ids].every((id) => content.pages.some((p) => p.id === id)) ? ids : undefined;
}

/** Only posts changed, in fields lists show but that move nothing (not the date, slug, pairing or draft flag): their files. */
export function listedPostFiles(changes: FileChange[], dirs: ProjectDirs): Set<string> | undefined {
  const ok = changes.length > 0 && changes.every((c) => c.kind === 'change' && c.path.startsWith('site/blog/') && c.fields?.every((f) => LISTED_FIELDS.has(f)));
  return ok ? new Set(changes.map((c) => absolutePath(c.path, dirs))) : undefined;
}
