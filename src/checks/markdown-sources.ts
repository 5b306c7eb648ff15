import { rawHtmlInSourceFinding, unknownFenceLanguageFinding } from '../errors/index.ts';
import type { PlannedPage, SitePlan } from '../plan/index.ts';
import type { MarkdownResult } from '../markdown/index.ts';
import { MarkdownCache } from '../render/markdown-cache.ts';
import type { BuiltPage, Finding, Tag } from './types.ts';

export interface MarkdownSources {
  /** The markdown line that wrote a tag of a built page, when the page comes from markdown and the tag from its body. */
  locate: (page: BuiltPage, tag: Tag) => Pick<Finding, 'file' | 'line' | 'page'> | undefined;
  /** What parsing the markdown warned about (raw HTML removed, unknown languages), as findings at its lines. */
  warnings: () => Finding[];
}

/**
 * The markdown behind built pages, read through the build's markdown cache (a hit after `build`,
 * so check parses nothing the build parsed). Its source lines say where a link, an image or a
 * heading of a page was written, so markdown findings point at the line the editor changes.
 */
export function markdownSources(options: {
  plan: SitePlan;
  cacheDir: string;
  constants: Record<string, unknown>;
  embedHosts: readonly string[];
}): MarkdownSources {
  const cache = new MarkdownCache(options.cacheDir, options.constants, options.embedHosts);
  const planned = new Map(
    options.plan.pages.filter((p) => p.markdown).map((p) => [p.path, p as PlannedPage & { markdown: NonNullable<PlannedPage['markdown']> }]),
  );
  const results = new Map<string, MarkdownResult>();
  const resultOf = (page: PlannedPage & { markdown: NonNullable<PlannedPage['markdown']> }) => {
    let result = results.get(page.path);
    if (!result) results.set(page.path, (result = cache.get(page.markdown).result));
    return result;
  };

  const locate: MarkdownSources['locate'] = (page, tag) => {
    const source = planned.get(page.path);
    const key = keyOf(tag);
    if (!source || key === undefined) return undefined;
    const lines = (resultOf(source).sourceLines ?? []).filter(([name, k]) => name === tag.name && k === key);
    if (!lines.length) return undefined;
    // The same href, alt or id written as often in the body as the page shows it: the n-th is the n-th.
    // Otherwise the template shows it too, and the built line is the honest answer.
    const shown = page.tags.filter((t) => t.name === tag.name && keyOf(t) === key);
    if (shown.length !== lines.length) return undefined;
    return { file: source.markdown.file, line: lines[shown.indexOf(tag)]![2], page: page.path };
  };

  const warnings = () => {
    const findings: Finding[] = [];
    const said = new Set<string>();
    for (const page of planned.values()) {
      for (const w of resultOf(page).warnings ?? []) {
        const once = w.once ?? `${page.markdown.file}:${w.line}:${w.message}`;
        if (said.has(once)) continue;
        said.add(once);
        // The build's own names for these (RawHtmlRemoved, UnknownFenceLanguage), with the check's hints.
        const make = w.once ? unknownFenceLanguageFinding : rawHtmlInSourceFinding;
        findings.push(
          make({
            file: page.markdown.file,
            line: w.line,
            page: page.path,
            message: w.message,
            hint: w.once
              ? 'Name a language the highlighter knows (js, ts, jsx, tsx, bash, json, yaml…), or `text` for none.'
              : 'The page shows the post without it: keep to what README.md under "Raw HTML, embeds and code fences" lists, or remove it.',
          }),
        );
      }
    }
    return findings;
  };

  return { locate, warnings };
}

/** What a built tag shows of its source: a link's href, an image's alt, a heading's id. */
function keyOf(tag: Tag): string | undefined {
  if (tag.name === 'a') return tag.attrs.href;
  if (tag.name === 'img') return tag.attrs.alt ?? '';
  if (/^h[1-6]$/.test(tag.name)) return tag.attrs.id;
  return undefined;
}
