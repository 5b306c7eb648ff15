import { defineError, defineWarning } from '../define-error.ts';
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

// ── warnings: the build goes on ──

export const rawHtmlRemovedWarning = defineWarning({
  name: 'RawHtmlRemoved',
  stage: 'markdown',
  title: 'Raw HTML in markdown that the page does not publish as written',
  when: 'A post or page body holds HTML the site does not allow (a <script>, <font>, an iframe from a host not in `embeds.hosts`, an event attribute, a video from elsewhere): it is removed, or its text kept, at the line named.',
  hint: 'Write it in markdown, use an element posts may use, or add the host to `embeds.hosts` in site.yaml.',
});

export const unknownFenceLanguageWarning = defineWarning({
  name: 'UnknownFenceLanguage',
  stage: 'markdown',
  title: 'A code fence names a language with no highlighting',
  when: 'A fence such as ```cobol names a language the highlighter does not know: its blocks are shown as plain text. Said once per build for each language.',
  hint: 'Fix the language name (`js`, `ts`, `tsx`, `bash`, `yaml`, …) or leave it and accept plain text.',
});
