import type { ServerResponse } from 'node:http';
import { fieldLabels, messageLocale, pageTexts } from './schema/error-messages.ts';

const BASE_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

export type Headers = Record<string, string>;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Headers = {}): void {
  res.writeHead(status, { ...BASE_HEADERS, ...headers, 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Headers = {}): void {
  res.writeHead(status, { ...BASE_HEADERS, ...headers, 'content-type': 'text/html; charset=utf-8' }).end(html);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Headers = {}): void {
  res.writeHead(status, { ...BASE_HEADERS, ...headers }).end();
}

export function redirect(res: ServerResponse, location: string, headers: Headers = {}): void {
  res.writeHead(303, { ...BASE_HEADERS, ...headers, location }).end();
}

/** A JSON error for scripts, or a small page in the visitor's language for a plain form post. */
export function sendProblem(
  res: ServerResponse,
  options: { status: number; json: boolean; error: string; text: string; locale: string; backHref: string; headers?: Headers },
): void {
  if (options.json) sendJson(res, options.status, { ok: false, error: options.error }, options.headers);
  else sendHtml(res, options.status, renderNoticePage({ locale: options.locale, title: options.text, backHref: options.backHref }), options.headers);
}

export interface NoticePage {
  locale: string;
  title: string;
  lead?: string;
  /** Field errors: field name → message. */
  errors?: Record<string, string>;
  backHref: string;
}

/** The page a visitor without JavaScript sees when a submission is refused: what to fix, and a way back. */
export function renderNoticePage(page: NoticePage): string {
  const lang = messageLocale(page.locale);
  const items = Object.entries(page.errors ?? {})
    .map(([field, message]) => `<li><strong>${escapeHtml(fieldLabels[field]?.[lang] ?? field)}:</strong> ${escapeHtml(message)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="${escapeHtml(page.locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(page.title)}</title>
<style>body{font:1.05rem/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}a{color:#0b57d0}</style></head>
<body><main><h1>${escapeHtml(page.title)}</h1>${page.lead ? `<p>${escapeHtml(page.lead)}</p>` : ''}${items ? `<ul>${items}</ul>` : ''}
<p><a href="${escapeHtml(page.backHref)}">${escapeHtml(pageTexts.back[lang])}</a></p></main></body>
</html>
`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
