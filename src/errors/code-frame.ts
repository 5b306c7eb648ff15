/** A few numbered lines around `line` with a marker, like compilers print. */
export function codeFrame(source: string, line: number, column?: number, context = 2): string {
  const all = source.split(/\r?\n/);
  const first = Math.max(1, line - context);
  const last = Math.min(all.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const marker = n === line ? '>' : ' ';
    out.push(`${marker} ${String(n).padStart(width)} | ${all[n - 1] ?? ''}`);
    if (n === line && column !== undefined && column > 0) {
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(column - 1)}^`);
    }
  }
  return out.join('\n');
}
