export { classifyChange, type Classification, type FileChange, type EntryStep } from './classify-change.ts';
export { GRAPH_VERSION, readGraph, writeGraph, type DependencyGraph, type PageNode } from './dependency-graph.ts';
export { absolutePath, projectPath, type ProjectDirs } from './project-path.ts';
