import type { ComponentType } from 'react';
import type { PageContext, SharedData } from '../../src/shared/page-data.ts';
import { SiteProvider } from './site-context.tsx';

/** What the runtime hands an island's default export: its serialised props and the page's context. */
export interface IslandEntryProps {
  props: Record<string, unknown>;
  shared: SharedData;
  pageContext: PageContext;
}

/** The browser side of an island: its component inside the same site context the server gave it. */
export function islandEntry<P extends object>(Component: ComponentType<P>) {
  return function IslandEntry({ props, shared, pageContext }: IslandEntryProps) {
    return (
      <SiteProvider shared={shared} pageContext={pageContext}>
        <Component {...(props as P)} />
      </SiteProvider>
    );
  };
}
