import type { TranslationPiece, TranslationStatus } from './types.ts';

const NO_GIT = 'No git history here: only missing translations are reported (outdated needs `git log`).';
const where = (p: TranslationPiece) => `${p.translation.file}${p.translation.line ? `:${p.translation.line}` : ''}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function detail(p: TranslationPiece): string {
  if (p.status === 'outdated')
    return `${p.sourceLocale} ahead ${plural(p.aheadDays ?? 0, 'day')} (since ${p.aheadSince})${p.pinned ? `, pinned ${p.pinned}` : ''}`;
  if (p.status === 'missing') return `${plural(p.words, 'word')} to translate${p.note ? ` (${p.note})` : ''}`;
  if (p.status === 'unused') return p.note ?? '';
  return p.note ?? '';
}

function summaryLine(s: TranslationStatus['locales'][number]): string {
  const { items, words, percent } = s;
  return `${s.locale}: ${percent.items}% of items up to date (${items.translated}/${items.total}), ${percent.words}% of words (${words.translated}/${words.total}); ${items.outdated} outdated, ${items.missing} missing, ${items.unused} unused`;
}

/** The terminal report: a summary per locale, then what to do, most urgent first. */
export function formatStatusText(status: TranslationStatus, options: { all?: boolean } = {}): string {
  const lines: string[] = [];
  if (!status.git) lines.push(NO_GIT, '');
  for (const summary of status.locales) lines.push(summaryLine(summary));
  const todo = status.pieces.filter((p) => options.all || p.status !== 'translated');
  if (todo.length) lines.push('');
  const width = Math.min(48, Math.max(...todo.map((p) => p.id.length)));
  for (const p of todo) lines.push(`${p.status.padEnd(10)} ${p.locale}  ${p.kind.padEnd(10)} ${p.id.padEnd(width)}  ${where(p)}  ${detail(p)}`);
  if (!todo.length) lines.push('', 'Every piece is translated and up to date.');
  return lines.join('\n');
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The same report as a Markdown table: the CI job summary (`$GITHUB_STEP_SUMMARY`). */
export function formatStatusMarkdown(status: TranslationStatus, options: { limit?: number } = {}): string {
  const limit = options.limit ?? 50;
  const lines = ['### Translations', ''];
  if (!status.git) lines.push(`> ${NO_GIT}`, '');
  lines.push('| locale | up to date (items) | up to date (words) | outdated | missing | unused |', '|---|---|---|---|---|---|');
  for (const s of status.locales)
    lines.push(
      `| ${s.locale} | ${s.percent.items}% (${s.items.translated}/${s.items.total}) | ${s.percent.words}% | ${s.items.outdated} | ${s.items.missing} | ${s.items.unused} |`,
    );
  const todo = status.pieces.filter((p) => p.status !== 'translated');
  if (todo.length) {
    lines.push('', '| status | locale | piece | where | detail |', '|---|---|---|---|---|');
    for (const p of todo.slice(0, limit))
      lines.push(`| ${p.status} | ${p.locale} | ${cell(`${p.kind} ${p.id}`)} | \`${cell(where(p))}\` | ${cell(detail(p))} |`);
    if (todo.length > limit) lines.push('', `…and ${todo.length - limit} more (\`agency-site translations\` lists them all).`);
  }
  return `${lines.join('\n')}\n`;
}

export { detail as describePiece, where as pieceLocation };
