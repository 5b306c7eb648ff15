import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';

/**
 * The line and column of a path inside YAML source (1-based), or of the deepest parent that exists.
 * js-yaml parses content fast but keeps no positions; this runs only when reporting an error.
 */
export function locateYamlPath(source: string, path: ReadonlyArray<string | number>, lineOffset = 0): { line: number; column: number } | undefined {
  const lineCounter = new LineCounter();
  let doc;
  try {
    doc = parseDocument(source, { lineCounter, keepSourceTokens: false });
  } catch {
    return undefined;
  }
  let node: unknown = doc.contents;
  let offset: number | undefined = (doc.contents as Node | null)?.range?.[0];
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(key));
      if (!pair) break;
      offset = (pair.key as Node).range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof key === 'number') {
      const item = node.items[key] as Node | undefined;
      if (!item) break;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else {
      break;
    }
  }
  if (offset === undefined) return undefined;
  const pos = lineCounter.linePos(offset);
  return { line: pos.line + lineOffset, column: pos.col };
}
