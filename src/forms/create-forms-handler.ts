import { isIP } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { acceptSubmission } from './accept-submission.ts';
import { discardRest } from './discard-rest.ts';
import { decideCors, PREFLIGHT_HEADERS } from './cors.ts';
import { messageLocale, pageTexts } from './schema/error-messages.ts';
import { resolveHandlerOptions, type FormsHandlerOptions } from './handler-options.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { checkHealth } from './check-health.ts';
import { sendEmpty, sendJson, sendProblem } from './respond.ts';
import { isFormName } from './schema/schemas.ts';

export type FormsHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

const ALLOW = 'POST, OPTIONS';

/**
 * The forms endpoint, mountable before static files: resolves false for any path outside
 * `basePath`, otherwise answers `POST {basePath}/{form}`. No answer carries a stack trace, and a
 * success is sent only after the lead's transaction has committed.
 */
export function createFormsHandler(handlerOptions: FormsHandlerOptions): FormsHandler {
  const options = resolveHandlerOptions(handlerOptions);
  const rateLimit = options.rateLimit ? createRateLimiter({ ...options.rateLimit, now: options.now }) : undefined;

  return async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path !== options.basePath && !path.startsWith(`${options.basePath}/`)) return false;
    try {
      const form = path.slice(options.basePath.length + 1).replace(/\/$/, '');
      const json = (req.headers.accept ?? '').includes('application/json');
      const cors = decideCors({ origin: req.headers.origin, allowedOrigin: options.allowedOrigin, host: req.headers.host });
      const headers = cors.kind === 'allowed' ? cors.headers : {};
      if (form === 'health' && (req.method === 'GET' || req.method === 'HEAD')) {
        const health = checkHealth(options.db);
        sendJson(res, health.ok ? 200 : 503, health, headers);
        return true;
      }
      if (!isFormName(form)) {
        sendJson(res, 404, { ok: false, error: 'unknown form' }, headers);
        return true;
      }
      if (req.method === 'OPTIONS') {
        if (cors.kind === 'denied') sendEmpty(res, 403);
        else sendEmpty(res, 204, { ...headers, ...PREFLIGHT_HEADERS, allow: ALLOW });
        return true;
      }
      if (req.method !== 'POST') {
        sendJson(res, 405, { ok: false, error: 'method not allowed' }, { ...headers, allow: ALLOW });
        return true;
      }
      if (cors.kind === 'denied') {
        sendJson(res, 403, { ok: false, error: 'origin not allowed' });
        return true;
      }
      const clientAddress = clientAddressOf(req, options.trustedHops);
      const decision = rateLimit?.(clientAddress);
      if (decision && !decision.ok) {
        const locale = options.localeOf(undefined, req);
        const retry = { ...headers, 'retry-after': String(decision.retryAfterSeconds) };
        sendProblem(res, {
          status: 429,
          json,
          error: 'too many submissions',
          text: pageTexts.tooMany[messageLocale(locale)],
          locale,
          backHref: options.backHref(req, locale),
          headers: retry,
        });
        return true;
      }
      await acceptSubmission({ req, res, form, json, clientAddress, headers }, options);
    } catch (error) {
      options.onError(error);
      if (!req.complete) discardRest(req);
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: 'internal error' });
      else res.destroy();
    }
    return true;
  };
}

/**
 * The visitor's address. Behind `trustedHops` proxies, each appends the address it received the
 * request from to X-Forwarded-For, so only the rightmost entries are theirs: the visitor is the
 * entry just left of them. Anything further left was written by the client and may be forged.
 * A value that is not an IP address is never a rate-limit key (nor a way to grow the table).
 */
export function clientAddressOf(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustedHops: number): string {
  const peer = req.socket.remoteAddress || 'unknown';
  if (trustedHops <= 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((e) => e.trim());
  const chain = [...entries.filter(Boolean), peer];
  const client = chain[Math.max(0, chain.length - 1 - trustedHops)]!;
  return isIP(client) ? client : peer;
}
