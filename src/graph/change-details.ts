import { postByFile, type Content, type Post } from '../content/index.ts';
import { LISTED_POST_FIELDS, postFrontMatterSchema, type PostFrontMatter } from '../content/schemas.ts';
import type { Messages } from '../i18n/index.ts';
import type { SitePlan } from '../plan/index.ts';
import type { Classification, FileChange } from './classify-change.ts';
import type { DependencyGraph } from './dependency-graph.ts';
import { absolutePath, projectPath, type ProjectDirs } from './project-path.ts';
import { contentHash } from '../node/hash.ts';

/** Every field of a post: its front matter, from the schema (a new field is compared too), and what loading adds. */
const POST_FIELDS = [...(Object.keys(postFrontMatterSchema.shape) as Array<keyof PostFrontMatter>), 'slug', 'locale', 'readingMinutes'] as const;

/** Post fields shown where the post is listed or linked, plus its body and reading time: a change to them moves the post nowhere. */
export const LISTED_FIELDS: ReadonlySet<string> = new Set([...LISTED_POST_FIELDS, 'body', 'readingMinutes']);

/**
 * Adds what changed inside the files, comparing the last build's content and messages with the
 * new ones: a post's changed fields ('body' included), a locale file's changed keys. A `build`
 * run has no last content in memory: a post is compared with the fingerprint the saved graph
 * keeps of it (`postsOf`), which tells whether only listed fields changed. Locale keys then stay
 * unknown, and the classification broad.
 */
export function refineChanges(
  changes: FileChange[],
  previous: { content: Content; messages: Messages } | undefined,
  now: { content: Content; messages: Messages; dirs: ProjectDirs },
  graph?: DependencyGraph,
): FileChange[] {
  if (!previous) return graph ? changes.map((change) => fromFingerprint(change, graph, now)) : changes;
  return changes.map((change) => {
    if (change.kind !== 'change') return change;
    if (change.path.startsWith('site/blog/') && change.path.endsWith('.md')) {
      const file = absolutePath(change.path, now.dirs);
      const before = postByFile(previous.content, file);
      const after = postByFile(now.content, file);
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

/** Listed fields (with the body and reading time) and the others, each hashed: what a saved graph keeps of a post. */
export type PostFingerprint = [listed: string, other: string];

const fingerprints = new WeakMap<Post, PostFingerprint>();
const LISTED = POST_FIELDS.filter((f) => LISTED_FIELDS.has(f));
const OTHER = POST_FIELDS.filter((f) => !LISTED_FIELDS.has(f));

/** Remembered per post: a watch session keeps its posts between saves. */
export function postFingerprint(post: Post): PostFingerprint {
  let known = fingerprints.get(post);
  if (!known) {
    known = [
      contentHash(JSON.stringify(LISTED.map((f) => post[f] ?? null)), post.markdown.hash),
      contentHash(JSON.stringify(OTHER.map((f) => post[f] ?? null))),
    ];
    fingerprints.set(post, known);
  }
  return known;
}

/**
 * Each post's fingerprint by its project-relative file, drafts included (publishing one is a change
 * of `draft`). When only files of the blog changed since `last` was saved, the others' are as it
 * has them: hashing 2,000 posts' fields again was ~20 ms of a one-post build.
 */
export function postsOf(content: Content, dirs: ProjectDirs, last?: { graph?: DependencyGraph; changes?: FileChange[] }): Record<string, PostFingerprint> {
  const known = last?.changes?.every((c) => c.path.startsWith('site/blog/')) ? last.graph?.posts : undefined;
  const changed = new Set(known ? last!.changes!.map((c) => c.path) : []);
  const posts: Record<string, PostFingerprint> = {};
  for (const post of everyPost(content)) {
    const path = projectPath(post.markdown.path, dirs);
    posts[path] = (!changed.has(path) && known?.[path]) || postFingerprint(post);
  }
  return posts;
}

/** A saved post against the graph's fingerprint of it: listed fields only (then all of them count as changed), none, or unknown. */
function fromFingerprint(change: FileChange, graph: DependencyGraph, now: { content: Content; dirs: ProjectDirs }): FileChange {
  if (change.kind !== 'change' || !change.path.startsWith('site/blog/') || !change.path.endsWith('.md')) return change;
  const before = graph.posts?.[change.path];
  const after = postByFile(now.content, absolutePath(change.path, now.dirs));
  if (!before || !after) return change;
  const [listed, other] = postFingerprint(after);
  if (other !== before[1]) return change;
  return { ...change, fields: listed === before[0] ? [] : [...LISTED_FIELDS] };
}

const everyPost = (content: Content): Post[] => [...Object.values(content.posts).flat(), ...content.drafts];

/** Every change is an existing post whose body alone changed (its reading time too would show in lists). */
export function bodiesOnly(changes: FileChange[]): boolean {
  return changes.length > 0 && changes.every((c) => c.kind === 'change' && c.fields !== undefined && c.fields.every((f) => f === 'body'));
}

/** The last plan with the saved posts' pages taking their markdown from the new content (same pages, same data otherwise). */
export function withNewBodies(plan: SitePlan, content: Content, changes: FileChange[], dirs: ProjectDirs): SitePlan {
  const saved = new Set(changes.map((c) => absolutePath(c.path, dirs)));
  const pages = plan.pages.map((page) => {
    const markdown = page.markdown && saved.has(page.markdown.path) ? postByFile(content, page.markdown.path)?.markdown : undefined;
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
