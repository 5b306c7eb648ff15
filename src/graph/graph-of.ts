import type { CompiledTemplates } from '../assets/index.ts';
import type { Content } from '../content/index.ts';
import { SOCIAL_CARD_LABEL } from '../i18n/index.ts';
import type { RenderedEntry } from '../render/index.ts';
import { carryReaders, GRAPH_VERSION, type DependencyGraph, type PageNode } from './dependency-graph.ts';
import { projectPath, type ProjectDirs } from './project-path.ts';

/** The graph of this build: each page's sources (relative to the project) and reads, and what planning read. */
export function graphOf(options: {
  dirs: ProjectDirs;
  pages: RenderedEntry[];
  setupKey: string;
  content: Content;
  reads: (baseKey: string) => PageNode['reads'] | undefined;
  templates: Pick<CompiledTemplates, 'common' | 'uses'>;
  /** The last graph, this process's or the saved one: a page with the same keys has the same sources and reads. */
  last?: DependencyGraph;
}): DependencyGraph {
  const pages: DependencyGraph['pages'] = {};
  const remade: string[] = [];
  for (const { page, baseKey, key } of options.pages) {
    const known = options.last?.pages[page.outFile];
    if (known && known.baseKey === baseKey && known.key === key) {
      pages[page.outFile] = known;
      continue;
    }
    remade.push(page.outFile);
    const reads = options.reads(baseKey) ?? { messages: ['*'], routes: ['*'], images: ['*'], site: ['*'], constants: ['*'] };
    pages[page.outFile] = { locale: page.locale, template: page.template, sources: page.sources.map((s) => projectPath(s, options.dirs)), reads, baseKey, key };
  }
  if (options.last) {
    const lastPages = options.last.pages;
    // Pages gone since the last graph: only looked for when it had more pages than this one kept or remade.
    const known = options.pages.length - remade.length + remade.filter((outFile) => outFile in lastPages).length;
    const gone = known === (pageCounts.get(lastPages) ?? Object.keys(lastPages).length) ? [] : Object.keys(lastPages).filter((outFile) => !(outFile in pages));
    carryReaders(pages, lastPages, [...remade, ...gone]);
  }
  // One node per page (planning refuses two pages at one URL): the next save need not count the keys.
  pageCounts.set(pages, options.pages.length);
  const nav = options.content.navigation;
  const navMessages = [...nav.navbar, ...nav.footer].flatMap((link) =>
    typeof link.label === 'object' && 'message' in link.label ? [String(link.label.message)] : [],
  );
  const relative = (files: string[]) => files.map((f) => projectPath(f, options.dirs));
  const uses = Object.fromEntries(Object.entries(options.templates.uses).map(([name, files]) => [name, relative(files)]));
  return {
    version: GRAPH_VERSION,
    setupKey: options.setupKey,
    pages,
    planMessages: [SOCIAL_CARD_LABEL, ...navMessages],
    templates: { common: relative(options.templates.common), uses },
  };
}

/** How many pages a graph made by this process has: Object.keys of 4,000 of them cost a millisecond a save. */
const pageCounts = new WeakMap<DependencyGraph['pages'], number>();
