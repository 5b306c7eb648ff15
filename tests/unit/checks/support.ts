import { lineIndex, scanTags } from '../../../src/checks/scan-html.ts';
import { pathOfOutFile } from '../../../src/checks/read-built-site.ts';
import type { BuiltPage } from '../../../src/checks/types.ts';

/** A built page from HTML text, as readBuiltSite scans it. */
export function makePage(html: string, overrides: Partial<BuiltPage> = {}): BuiltPage {
  const rel = overrides.rel ?? 'index.html';
  const tags = scanTags(html);
  const ids = new Set(tags.flatMap((t) => (t.attrs.id ? [t.attrs.id] : [])));
  return {
    rel,
    file: `out/${rel}`,
    path: pathOfOutFile(rel),
    html,
    bytes: Buffer.byteLength(html),
    lang: tags.find((t) => t.name === 'html')?.attrs.lang,
    tags,
    ids,
    lineAt: lineIndex(html),
    ...overrides,
  };
}
