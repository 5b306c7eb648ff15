import type { PageResources } from './page-resources.ts';

/** How the runtime shows pages: islands (the default) or full hydration (./full-view.ts). */
export interface View {
  /** Takes over the server-rendered page; resolves when what is in view is interactive. */
  start(res: PageResources): Promise<void>;
  /** Shows the next page synchronously (a client navigation). */
  show(res: PageResources): void;
  /** Resolves when `form` may be changed by the forms module (React owns its markup, or none will). */
  ready(form: HTMLFormElement): Promise<void>;
}
