// Loaded with the first island that hydrates: React comes in here, never in the runtime entry.
import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { PageContext, SharedData } from '../shared/page-data.ts';

/** Calls `onCommit` once React has committed the island: hydration is done. */
function AfterCommit({ onCommit, children }: { onCommit: () => void; children?: ReactNode }) {
  useEffect(onCommit, []);
  return children;
}

/** Hydrates one island's server HTML inside `element` with its entry component (templates/islands/*.tsx). */
export function hydrateIsland(
  element: Element,
  Entry: ComponentType<{ props: Record<string, unknown>; shared: SharedData; pageContext: PageContext }>,
  input: { props: Record<string, unknown>; shared: SharedData; pageContext: PageContext },
  onCommit: () => void,
): { unmount: () => void } {
  const root: Root = hydrateRoot(element, createElement(AfterCommit, { onCommit }, createElement(Entry, input)));
  return { unmount: () => root.unmount() };
}
