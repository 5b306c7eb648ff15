export type Severity = 'error' | 'warning';

/** The checks `agency-site check` runs, in the order the report lists them. */
export const CHECK_NAMES = ['translations', 'links', 'redirects', 'content', 'structured-data', 'claims', 'budgets'] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

/** One problem, where an editor can fix it: a source file's line, or the built file's line. */
export interface Finding {
  /** Permanent, like an error's: its entry in src/errors/README.md (src/errors/catalogue/checks.ts). */
  name: string;
  severity: Severity;
  check: CheckName;
  file: string;
  line?: number;
  /** The page's URL path, beside a source file that is not the built page itself (a post's markdown). */
  page?: string;
  message: string;
  hint: string;
}

/** A start tag of a built page, with its attributes (names in lower case) and where it is. */
export interface Tag {
  name: string;
  attrs: Record<string, string>;
  /** Offset of `<` in the file. */
  start: number;
  /** Offset just after `>`. */
  end: number;
}

/** Where the source of a built tag was written (a post's markdown line), when it is known. */
export type TagLocator = (page: BuiltPage, tag: Tag) => Pick<Finding, 'file' | 'line' | 'page'> | undefined;

/** A built HTML page, scanned once and shared by every check. */
export interface BuiltPage {
  /** Path inside out/ (`es/blog/index.html`). */
  rel: string;
  /** As findings show it: relative to where the command runs. */
  file: string;
  /** URL path (`/es/blog/`, `/404.html`). */
  path: string;
  html: string;
  bytes: number;
  lang: string | undefined;
  tags: Tag[];
  /** Element ids (and `<a name>`), the targets of `#fragment` links. */
  ids: Set<string>;
  lineAt: (offset: number) => number;
}

/** Where the source of a built page's head lives, to point title and description findings at it. */
export interface PageSource {
  file: string;
  /** How the editor knows the field there: `seo.es.title` in a page, `title` in a post. */
  fieldName: (field: 'title' | 'description') => string;
  /** The line of `title` or `description` in that file, when the page declares it there. */
  lineOf: (field: 'title' | 'description') => number | undefined;
}
