import type { CompiledTemplates } from '../assets/index.ts';
import type { Content } from '../content/index.ts';
import { SOCIAL_CARD_LABEL } from '../i18n/index.ts';
import type { RenderedEntry } from '../render/index.ts';
import { GRAPH_VERSION, type DependencyGraph, type PageNode } from './dependency-graph.ts';
import { projectPath, type ProjectDirs } from './project-path.ts';

/** The graph of this build: each page's sources (relative to the project) and reads, and what planning read. */
export function graphOf(options: {
  dirs: ProjectDirs;
  pages: RenderedEntry[];
  setupKey: string;
  content: Content;
  reads: (baseKey: string) => PageNode['reads'] | undefined;
  templates: Pick<CompiledTemplates, 'common' | 'uses'>;
  /** The last graph of this process: a page with the same base key has the same sources. */
  last?: DependencyGraph;
}): DependencyGraph {
  const pages: DependencyGraph['pages'] = {};
  for (const { page, baseKey, key } of options.pages) {
    const known = options.last?.pages[page.outFile];
    if (known && known.baseKey === baseKey && known.key === key) {
      pages[page.outFile] = known;
      continue;
    }
    const reads = options.reads(baseKey) ?? { messages: ['*'], routes: ['*'], images: ['*'], site: ['*'], constants: ['*'] };
    pages[page.outFile] = { locale: page.locale, template: page.template, sources: page.sources.map((s) => projectPath(s, options.dirs)), reads, baseKey, key };
  }
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
