/** componentChunkName → the template's name. Its file's URL comes with app-data.json. */
export type TemplateNames = Record<string, string>;

/**
 * What the generated entry hands the runtime. Templates and islands are not named by the entry:
 * their files' URLs come with app-data.json and page-data.islands.json, so one template's edit
 * does not change the runtime.
 */
export interface BootOptions {
  root: () => Promise<{ default: unknown }>;
  templates: TemplateNames;
}

/** How the page in view is taken over: only its islands (page-data.islands.json) or whole (page-data.json). */
export type HydrationMode = 'islands' | 'full';
