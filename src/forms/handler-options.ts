import { mkdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { localeOfPath } from '../shared/locale-path.ts';
import { DEFAULT_MIN_FILL_MS } from './detect-spam.ts';
import { createAddressHasher } from './lead-store.ts';
import type { NotificationOptions } from './notifications.ts';
import { statement, type Db } from './open-database.ts';
import { DEFAULT_UPLOADS_DIR, sweepUploads } from './receive-upload.ts';
import { MAX_CV_BYTES } from './schema/schemas.ts';

/** Where a plain (no-JavaScript) post lands, per locale. */
export interface ThankYouPaths {
  thankYou: string;
  thankYouGuide: string;
  /** Newsletter and careers have their own pages; without one, they land on `thankYou`. */
  thankYouNewsletter?: string;
  thankYouCareers?: string;
  /** The locale's home: the way back from an error page when the Referer can't be used. */
  home?: string;
}

export interface AcceptedLead {
  id: string;
  form: string;
  locale: string;
}

export interface FormsHandlerOptions extends NotificationOptions {
  db: Db;
  /** Outside the web root; files get random names there. */
  uploadsDir?: string;
  redirects: Record<string, ThankYouPaths>;
  /** Default: the first locale of `redirects`. */
  defaultLocale?: string;
  /** Default `/api/forms` (site.yaml `forms.endpoint`). */
  basePath?: string;
  /** The site's origin, the only other origin allowed to post (CORS). */
  allowedOrigin?: string | undefined;
  /** Per client address; false turns it off. Default 10 a minute. */
  rateLimit?: { max: number; windowMs: number } | false;
  minFillMs?: number;
  maxFileBytes?: number;
  maxBodyBytes?: number;
  /**
   * How many proxies in front append to X-Forwarded-For (true: one). The client address is the entry
   * left of theirs; 0 or false: the socket's address (no proxy, or one that does not set the header).
   */
  trustProxy?: boolean | number;
  now?: () => number;
  /** Told about unexpected failures (the client only ever sees a generic 500). Default: one line on stderr. */
  onError?: (error: unknown) => void;
  /** Called after an accepted lead is committed (e.g. to wake the outbox). */
  /** After a lead is stored: what it is, never the visitor's data (logs must not hold personal data). */
  onAccepted?: (lead: AcceptedLead) => void;
}

export interface ResolvedHandlerOptions {
  db: Db;
  uploadsDir: string;
  redirects: Record<string, ThankYouPaths>;
  defaultLocale: string;
  basePath: string;
  allowedOrigin: string | undefined;
  rateLimit: { max: number; windowMs: number } | false;
  minFillMs: number;
  limits: { maxBodyBytes: number; maxFieldsBytes: number; maxFileBytes: number };
  notifications: NotificationOptions;
  trustedHops: number;
  now: () => number;
  onError: (error: unknown) => void;
  onAccepted: ((lead: AcceptedLead) => void) | undefined;
  hashAddress: (address: string) => string;
  localeOf: (field: unknown, req: IncomingMessage) => string;
  backHref: (req: IncomingMessage, locale: string) => string;
}

export function resolveHandlerOptions(options: FormsHandlerOptions): ResolvedHandlerOptions {
  const locales = Object.keys(options.redirects);
  const defaultLocale = options.defaultLocale ?? locales[0] ?? 'en';
  const uploadsDir = options.uploadsDir ?? DEFAULT_UPLOADS_DIR;
  mkdirSync(uploadsDir, { recursive: true, mode: 0o700 });
  const swept = sweepUploads(uploadsDir, (storedName) => statement(options.db, 'SELECT 1 FROM uploads WHERE stored_name = ?').get(storedName) !== undefined);
  if (swept.kept + swept.removed > 0)
    console.error(
      `forms: ${swept.removed} upload(s) left by a stopped server removed (no lead was stored for them), ${swept.kept} stored lead's upload(s) completed`,
    );
  const allowedOrigin = options.allowedOrigin ? new URL(options.allowedOrigin).origin : undefined;
  const maxFileBytes = options.maxFileBytes ?? MAX_CV_BYTES;

  const sameSite = (url: URL, req: IncomingMessage): boolean => url.origin === allowedOrigin || url.host === req.headers.host;
  const referer = (req: IncomingMessage): URL | undefined => {
    try {
      const url = new URL(req.headers.referer ?? '');
      return /^https?:$/.test(url.protocol) && sameSite(url, req) ? url : undefined;
    } catch {
      return undefined;
    }
  };

  return {
    db: options.db,
    uploadsDir,
    redirects: options.redirects,
    defaultLocale,
    basePath: (options.basePath ?? '/api/forms').replace(/\/+$/, ''),
    allowedOrigin,
    rateLimit: options.rateLimit ?? { max: 10, windowMs: 60_000 },
    minFillMs: options.minFillMs ?? DEFAULT_MIN_FILL_MS,
    // A multipart body is the file plus its boundaries and a few short fields.
    limits: { maxFileBytes, maxBodyBytes: options.maxBodyBytes ?? maxFileBytes + 256 * 1024, maxFieldsBytes: 64 * 1024 },
    notifications: { webhookUrl: options.webhookUrl, notifyEmail: options.notifyEmail, siteName: options.siteName },
    trustedHops: options.trustProxy === true ? 1 : typeof options.trustProxy === 'number' ? options.trustProxy : 0,
    now: options.now ?? Date.now,
    onError: options.onError ?? ((error) => console.error(`forms: ${error instanceof Error ? error.message : String(error)}`)),
    onAccepted: options.onAccepted,
    hashAddress: createAddressHasher(options.db),
    localeOf: (field, req) => {
      if (typeof field === 'string' && locales.includes(field)) return field;
      const url = referer(req);
      return url ? localeOfPath(url.pathname, locales, defaultLocale) : defaultLocale;
    },
    backHref: (req, locale) => referer(req)?.href ?? options.redirects[locale]?.home ?? (locale === defaultLocale ? '/' : `/${locale}/`),
  };
}
