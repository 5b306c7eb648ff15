import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectTranslationStatus, describePiece, type TranslationPiece, type TranslationStatus } from '../translations/index.ts';
import { injectClient } from './dev-events.ts';

export const TRANSLATIONS_PATH = '/__translations/';

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * `serve --watch` only: the translation status as a page, worked out on each request (never
 * written into out/), so the reload that follows a save shows it current.
 */
export function createTranslationsPage(options: { siteDir: string }) {
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const path = (req.url ?? '').split('?')[0];
    if (path !== TRANSLATIONS_PATH && path !== TRANSLATIONS_PATH.slice(0, -1)) return false;
    try {
      const status = await collectTranslationStatus({ siteDir: options.siteDir });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(injectClient(renderStatusPage(status)));
    } catch (error) {
      res
        .writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
        .end(`The translation status could not be read: ${(error as Error).message}\n`);
    }
    return true;
  };
}

/**
 * Each row opens the file at its line in the editor (`vscode://file/…:line`, which VS Code and its
 * forks register; the path beside it is plain text for any other editor) and both pages.
 */
function row(p: TranslationPiece): string {
  const line = p.translation.line ? `:${p.translation.line}` : '';
  const edit = p.translation.path ? `<a class="edit" href="vscode://file${escape(encodeURI(p.translation.path))}${line}">edit</a> ` : '';
  const pages = [
    p.urls.source ? `<a hreflang="${p.sourceLocale}" href="${escape(p.urls.source)}">${p.sourceLocale}</a>` : '',
    p.urls.translation ? `<a hreflang="${p.locale}" href="${escape(p.urls.translation)}">${p.locale}</a>` : '',
  ].filter(Boolean);
  return `<tr class="${p.status}"><td>${p.status}</td><td>${p.locale}</td><td>${p.kind}</td><td>${escape(p.id)}</td><td>${edit}<code>${escape(p.translation.file + line)}</code></td><td>${pages.join(' · ')}</td><td>${escape(describePiece(p))}</td></tr>`;
}

export function renderStatusPage(status: TranslationStatus): string {
  const todo = status.pieces.filter((p) => p.status !== 'translated');
  const summaries = status.locales
    .map(
      (s) =>
        `<li><strong>${s.locale}</strong>: ${s.percent.items}% of items up to date (${s.items.translated}/${s.items.total}), ${s.percent.words}% of words; ${s.items.outdated} outdated, ${s.items.missing} missing, ${s.items.unused} unused</li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Translations</title><meta name="robots" content="noindex">
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#0f1b2d}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #dde3ea;vertical-align:top}tr.outdated td:first-child{color:#9a3412;font-weight:600}tr.missing td:first-child{color:#1d5f9a;font-weight:600}code{font-size:13px}</style>
</head><body>
<h1>Translations</h1>
${status.git ? '' : '<p role="note">No git history here: only missing translations are shown.</p>'}
<ul class="summary">${summaries}</ul>
${
  todo.length
    ? `<table><thead><tr><th>status</th><th>locale</th><th>kind</th><th>piece</th><th>where to edit</th><th>pages</th><th>detail</th></tr></thead><tbody>${todo.map(row).join('')}</tbody></table>`
    : '<p>Every piece is translated and up to date.</p>'
}
</body></html>`;
}
