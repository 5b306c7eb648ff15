import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';

/** `# translated-from: <commit>` before a key, after its value, or at the top of the file (every key). */
const PIN = /translated-from:\s*([0-9a-f]{4,40})/i;

export interface YamlLeaf {
  path: Array<string | number>;
  value: string;
  /** First and last line (1-based) of the key and its value. */
  lines: [number, number];
  pin?: string;
}

export interface YamlLeaves {
  leaves: Map<string, YamlLeaf>;
  /** A pin at the top of the file, for every key without its own. */
  filePin?: string;
}

export const pathKey = (path: ReadonlyArray<string | number>) => path.join('\u0000');

/** Every text leaf of a YAML file with its lines and pin, by path; an unreadable file has none. */
export function readYamlLeaves(source: string): YamlLeaves {
  const lineCounter = new LineCounter();
  const leaves = new Map<string, YamlLeaf>();
  let doc;
  try {
    doc = parseDocument(source, { lineCounter });
  } catch {
    return { leaves };
  }
  const lineOf = (offset: number) => lineCounter.linePos(offset).line;
  const visit = (node: unknown, path: Array<string | number>, start: number | undefined, comment: string | undefined) => {
    if (isMap(node) || isSeq(node)) {
      node.items.forEach((item, index) => {
        if (isMap(node)) {
          const pair = item as { key: Node | null; value: unknown };
          const key = pair.key;
          if (!isScalar(key)) return;
          visit(pair.value, [...path, String(key.value)], key.range?.[0], key.commentBefore ?? undefined);
        } else {
          const child = item as Node;
          visit(child, [...path, index], child.range?.[0], child.commentBefore ?? undefined);
        }
      });
      return;
    }
    if (!isScalar(node) || (typeof node.value !== 'string' && typeof node.value !== 'number') || !node.range) return;
    const first = lineOf(start ?? node.range[0]);
    // range[1] is just past the value; a block scalar's ends on the next line.
    const last = Math.max(first, lineOf(Math.max(node.range[0], node.range[1] - 1)));
    const pin = PIN.exec(`${comment ?? ''}\n${node.comment ?? ''}`)?.[1];
    leaves.set(pathKey(path), { path, value: String(node.value), lines: [first, last], ...(pin ? { pin } : {}) });
  };
  visit(doc.contents, [], undefined, undefined);
  const top = `${doc.commentBefore ?? ''}\n${(doc.contents as Node | null)?.commentBefore ?? ''}`;
  const filePin = PIN.exec(top)?.[1];
  return { leaves, ...(filePin ? { filePin } : {}) };
}
