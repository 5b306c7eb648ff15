import { defineError } from '../define-error.ts';
import { SiteError, type SourceLocation } from '../site-error.ts';

// ── markdown: what a body may write beyond CommonMark and GFM ──

const UnknownMarkdownComponent = defineError({
  name: 'UnknownMarkdownComponent',
  stage: 'markdown',
  title: 'Unknown markdown component',
  when: 'A markdown body uses a ::directive or :::container that is not one of the supported components.',
  hint: 'Write ::cta{kind="strategy-call"} for a call-to-action box, or :::note … ::: for a note.',
});

export function unknownMarkdownComponentError(location: SourceLocation, name: string, known: string[]): SiteError {
  return UnknownMarkdownComponent({ message: `"${name}" is not a component; expected one of: ${known.join(', ')}.`, location });
}
