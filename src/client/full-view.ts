// Full hydration, for pages whose template opts out of islands (`export const hydration = 'full'`):
// React takes over the whole page from page-data.json and renders each next page. Loaded on demand.
import { createElement, startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot, type Root as ReactRoot } from 'react-dom/client';
import type { PageData } from '../shared/page-data.ts';
import type { RootProps } from '../shared/template-contract.ts';
import type { PageResources } from './page-resources.ts';
import type { View } from './view.ts';

/** Calls `onCommit` once React has committed the tree: for the first render, when hydration is done. */
function AfterCommit({ onCommit, children }: { onCommit: () => void; children?: ReactNode }) {
  useEffect(onCommit, []);
  return children;
}

function element(Root: ComponentType<RootProps>, res: PageResources, onCommit: () => void) {
  const pageData = res.pageData as PageData<Record<string, unknown>>;
  const Page = res.component as ComponentType<{ data: unknown; pageContext: unknown }>;
  return createElement(
    AfterCommit,
    { onCommit },
    createElement(
      Root,
      { shared: res.shared, slices: res.slices ?? {}, pageContext: pageData.result.pageContext, template: res.template ?? '' },
      createElement(Page, { data: pageData.result.data, pageContext: pageData.result.pageContext }),
    ),
  );
}

export function createFullView(container: HTMLElement, Root: ComponentType<RootProps>, onForms: (scope: ParentNode) => void): View {
  let root!: ReactRoot;
  let markHydrated!: () => void;
  const hydrated = new Promise<void>((resolve) => (markHydrated = resolve));
  const onCommit = () => markHydrated();
  return {
    start(res) {
      // Hydrating inside a transition lets React yield to the browser every few milliseconds instead of
      // blocking the main thread for the whole page: the static HTML is already visible and clickable.
      // Nothing may change the DOM React hydrates until it is done: an extra node makes React throw the
      // server markup away and render afresh, losing what was changed (a form's noValidate, say).
      startTransition(() => {
        root = hydrateRoot(container, element(Root, res, onCommit));
      });
      return hydrated.then(() => onForms(container));
    },
    show(res) {
      // Committed synchronously: the announcement, focus and scroll that follow read the new page's DOM.
      flushSync(() => root.render(element(Root, res, onCommit)));
      onForms(container);
    },
    // Errors are shown inside the form, so wait until React owns its markup.
    ready: () => hydrated,
  };
}
