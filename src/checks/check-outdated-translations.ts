import { messageUnusedFinding, translationOutdatedFinding } from '../errors/index.ts';
import type { TranslationStatus } from '../translations/index.ts';
import type { Finding } from './types.ts';

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/**
 * Outdated translations and message keys English no longer has, as warnings at the translation's
 * line. Missing pieces are the translations check's own findings already.
 */
export function checkOutdatedTranslations(status: TranslationStatus): Finding[] {
  const findings: Finding[] = [];
  for (const piece of status.pieces) {
    const at = { file: piece.translation.file, ...(piece.translation.line ? { line: piece.translation.line } : {}) };
    if (piece.status === 'outdated') {
      const what = piece.kind === 'message' ? `Message "${piece.id}"` : piece.kind === 'post' ? `The ${piece.locale} post (${piece.id})` : `"${piece.id}"`;
      findings.push(
        translationOutdatedFinding({
          ...at,
          message: `${what} is outdated in ${piece.locale}: its ${piece.sourceLocale} source (${piece.source.file}${piece.source.line ? `:${piece.source.line}` : ''}) has been ahead for ${days(piece.aheadDays ?? 0)}, since ${piece.aheadSince}${piece.pinned ? ` (pinned to ${piece.pinned})` : ''}.`,
          hint: `Bring the ${piece.locale} text up to date and commit it; if the change needs no new translation, commit it with "[i18n skip]" in the message.`,
        }),
      );
    } else if (piece.status === 'unused' && piece.kind === 'message') {
      findings.push(
        messageUnusedFinding({
          ...at,
          message: `Message "${piece.id}" in ${piece.locale} is unused: ${piece.note ?? `${piece.sourceLocale} has no such key`}.`,
          hint: `Delete it from ${piece.translation.file}, or rename it to the ${piece.sourceLocale} key it translates.`,
        }),
      );
    }
  }
  return findings;
}
