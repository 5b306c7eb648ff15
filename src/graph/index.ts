export { classifyChange, type Classification, type FileChange, type EntryStep } from './classify-change.ts';
export { bodiesOnly, collectionPageIds, LISTED_FIELDS, listedPostFiles, messagesOnly, postsOf, withNewBodies } from './change-details.ts';
export { GRAPH_VERSION, pagesReading, readGraph, writeGraph, type DependencyGraph, type PageNode } from './dependency-graph.ts';
export { graphOf } from './graph-of.ts';
export {
  keptCard,
  keptHost,
  knownContentOf,
  planChange,
  reachOf,
  renamedHashedFiles,
  replans,
  reuseOf,
  savedRedirectsOf,
  type ChangePlan,
  type Reach,
} from './plan-change.ts';
export { absolutePath, projectPath, type ProjectDirs } from './project-path.ts';
