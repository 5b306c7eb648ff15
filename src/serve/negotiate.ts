// What a request asks for beyond its path: an encoding (RFC 9110 §12.5.3, q-values honoured), a
// validator it already holds (If-None-Match lists), and one byte range (§14). Pure, so the rules are
// tested by table and by generated input.

/** The best encoding the client accepts with a non-zero q: brotli before gzip at equal weight. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  const of = (name: string) => weights.get(name) ?? (weights.get('*') || 0);
  const br = of('br');
  const gzip = of('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : undefined;
}

/** Whether If-None-Match names this ETag: `*`, or any entry of the list, compared weakly (§13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return (ifNoneMatch.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === opaque(etag));
}

export type RangeRequest = { start: number; end: number } | 'unsatisfiable' | undefined;

/**
 * One `bytes=` range of a file of `size` bytes, inclusive; undefined for no range, a malformed
 * one or several (answered with the whole file, as §14.2 allows), 'unsatisfiable' for a range
 * wholly past the end (416).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  const match = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (!Number.isSafeInteger(start) || start > end) return start >= size ? 'unsatisfiable' : undefined;
  return { start, end };
}
