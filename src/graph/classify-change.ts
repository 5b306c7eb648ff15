import { LISTED_FIELDS } from './change-details.ts';
import { pagesReading, type DependencyGraph } from './dependency-graph.ts';

/** One changed file, relative to the project ('site/blog/en/x.md'), with what the caller could tell changed inside it. */
export interface FileChange {
  path: string;
  kind: 'add' | 'change' | 'unlink';
  /** A post: the front matter fields whose values changed, and 'body'. Unknown: any field may have. */
  fields?: string[];
  /** A locale file: per locale, the message keys whose completed values changed. Unknown: any may have. */
  keys?: Record<string, string[]>;
}

/** Where a change enters the build (not an error's stage, errors/define-error.ts): later steps always run, from the caches. */
export type EntryStep = 'settings' | 'content' | 'messages' | 'templates' | 'styles' | 'images' | 'static';

export interface Classification {
  /** Pages to key again (out/ files); 'all' when the change may reach any page. The page cache then decides what renders. */
  pages: 'all' | string[];
  stages: EntryStep[];
  /** What an open browser tab does: nothing, swap the stylesheet, or reload. */
  reload: 'none' | 'css' | 'page';
}

type Effect = { pages: 'all' | Set<string>; stage?: EntryStep; ignored?: boolean };

/**
 * "These files changed" plus the last build's graph → which pages to key again, which stages to
 * run, what the browser does. Pure; `build` and `serve --watch` both call it.
 */
export function classifyChange(changes: FileChange[], graph: DependencyGraph | undefined): Classification {
  const stages = new Set<EntryStep>();
  const pages = new Set<string>();
  let all = false;
  let relevant = 0;
  for (const change of changes) {
    const effect = effectOf(change, graph);
    if (effect.ignored) continue;
    relevant++;
    if (effect.stage) stages.add(effect.stage);
    if (effect.pages === 'all') all = true;
    else effect.pages.forEach((p) => pages.add(p));
  }
  const list = [...stages].sort();
  const reload = relevant === 0 ? 'none' : list.length === 1 && list[0] === 'styles' ? 'css' : 'page';
  return { pages: all ? 'all' : [...pages].sort(), stages: list, reload };
}

function effectOf(change: FileChange, graph: DependencyGraph | undefined): Effect {
  const { path } = change;
  const name = path.split('/').at(-1) ?? '';
  if (name.startsWith('.') || name.endsWith('~') || /\.(swp|tmp)$/.test(name)) return { pages: new Set(), ignored: true };
  const [top, ...rest] = path.split('/');
  const inner = rest.join('/');
  if (top === 'templates') {
    // Pages name the stylesheet through a slot filled at output: none renders again.
    if (inner.endsWith('.css')) return { pages: new Set(), stage: 'styles' };
    // The social card's design: every indexed page's head names its card by it.
    if (inner === 'social-card.svg') return { pages: 'all', stage: 'settings' };
    if (/\.(tsx?|jsx?)$/.test(inner)) return { pages: templatePages(change, graph), stage: 'templates' };
    return { pages: new Set(), ignored: true };
  }
  if (top === 'locales') {
    if (!inner.endsWith('.yaml')) return { pages: new Set(), ignored: true };
    return { pages: messagePages(change, graph), stage: 'messages' };
  }
  if (top !== 'site') return { pages: 'all', stage: 'settings' };
  if (inner === 'site.yaml' || inner === 'constants.yaml') return { pages: 'all', stage: 'settings' };
  if (inner.startsWith('static/')) return { pages: new Set(), stage: 'static' };
  // The redirect map is made every build from the plan: no page renders again, _redirects is rewritten.
  if (inner === 'redirects.yaml') return { pages: new Set(), stage: 'static' };
  // Written by the build itself; a hand edit is read by the next build's map all the same.
  if (inner === 'urls.lock') return { pages: new Set(), ignored: true };
  if (inner.startsWith('images/')) return { pages: imagePages(`/${inner}`, graph), stage: 'images' };
  // A file beside markdown (a post's screenshot, a linked PDF): the images stage publishes it.
  if (!/\.(ya?ml|md)$/.test(inner))
    return inner.includes('/') ? { pages: imagePages(`/${inner}`, graph), stage: 'images' } : { pages: new Set(), ignored: true };
  if (!graph || inner === 'navigation.yaml') return { pages: 'all', stage: 'content' };
  const readers = new Set(pagesReading(graph, path));
  if (inner.startsWith('blog/')) {
    const listed = change.kind === 'change' && change.fields !== undefined && change.fields.every((f) => LISTED_FIELDS.has(f));
    // A pairing (translationKey) or a new slug changes alternates far from this file: key every page.
    if (!listed && (change.fields === undefined || change.fields.some((f) => f === 'translationKey' || f === 'slug' || f === 'locale'))) {
      return { pages: 'all', stage: 'content' };
    }
    if (!listed) {
      pagesReading(graph, path.slice(0, path.lastIndexOf('/') + 1)).forEach((p) => readers.add(p));
      // Every locale's list pages read the blog folder: a post in a folder of its own is listed
      // through it, and a list that gains or loses a page changes the other locale's alternates.
      pagesReading(graph, 'site/blog/').forEach((p) => readers.add(p));
    }
    return { pages: readers, stage: 'content' };
  }
  if (inner.startsWith('pages/')) {
    // Its slug is every other page's link to it.
    const id = name.replace(/\.ya?ml$/, '');
    for (const [outFile, node] of Object.entries(graph.pages)) if (node.reads.routes.includes(id) || node.reads.routes.includes('*')) readers.add(outFile);
    return { pages: readers, stage: 'content' };
  }
  // A collection or a document: the pages made from it. A file no page came from may be new to all of them.
  return { pages: readers.size || change.kind === 'change' ? readers : 'all', stage: 'content' };
}

/**
 * A template file: the pages whose template's render runs it. A new or deleted file may change
 * what imports resolve to, or which templates exist: every page is keyed (its key still decides).
 * A file no page template runs (an island's client code) renders no page; its chunk names are slots.
 */
function templatePages(change: FileChange, graph: DependencyGraph | undefined): 'all' | Set<string> {
  if (!graph || change.kind !== 'change' || graph.templates.common.includes(change.path)) return 'all';
  const found = new Set<string>();
  for (const [outFile, node] of Object.entries(graph.pages)) if (graph.templates.uses[node.template]?.includes(change.path)) found.add(outFile);
  return found;
}

/** An image of site/images: the pages that asked for it (found or not), or enumerated them all. */
function imagePages(src: string, graph: DependencyGraph | undefined): 'all' | Set<string> {
  if (!graph) return 'all';
  const found = new Set<string>();
  for (const [outFile, node] of Object.entries(graph.pages)) if (node.reads.images.includes(src) || node.reads.images.includes('*')) found.add(outFile);
  return found;
}

function messagePages(change: FileChange, graph: DependencyGraph | undefined): 'all' | Set<string> {
  if (!graph || !change.keys) return 'all';
  const changed = Object.values(change.keys).flat();
  if (changed.some((k) => graph.planMessages.includes(k))) return 'all';
  const found = new Set<string>();
  for (const [outFile, node] of Object.entries(graph.pages)) {
    const keys = change.keys[node.locale] ?? [];
    if (keys.length && (node.reads.messages.includes('*') || keys.some((k) => node.reads.messages.includes(k)))) found.add(outFile);
  }
  return found;
}
