import { rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { detectSpam } from './detect-spam.ts';
import { messageLocale, pageTexts } from './schema/error-messages.ts';
import { insertLead, newLeadId, type NewLead } from './lead-store.ts';
import { buildNotifications } from './notifications.ts';
import { readBody } from './read-body.ts';
import { commitUpload, type ReceivedFile } from './receive-upload.ts';
import { redirect, renderNoticePage, sendHtml, sendJson, sendProblem, type Headers } from './respond.ts';
import { CV_FIELD, type FormName } from './schema/schemas.ts';
import type { ResolvedHandlerOptions } from './handler-options.ts';
import { validateSubmission } from './schema/validate-submission.ts';
import { thankYouPathOf } from './thank-you-redirects.ts';

export interface Submission {
  req: IncomingMessage;
  res: ServerResponse;
  form: FormName;
  /** Client asked for JSON (Accept or a JSON body): answer with status codes, not pages. */
  json: boolean;
  clientAddress: string;
  headers: Headers;
}

/**
 * One POST, from body to answer: read, drop a client's own `cv` field, spam check, validate,
 * store in one transaction, and only then answer.
 */
export async function acceptSubmission(sub: Submission, options: ResolvedHandlerOptions): Promise<void> {
  const { req, res, form, headers } = sub;
  const body = await readBody(req, { ...options.limits, fileField: form === 'careers' ? CV_FIELD : undefined, uploadsDir: options.uploadsDir });
  const json = sub.json || req.headers['content-type']?.toLowerCase().startsWith('application/json') === true;
  if (!body.ok) {
    const locale = options.localeOf(undefined, req);
    const tooLarge = form === 'careers' && body.reason.startsWith('file') ? pageTexts.tooLargeCv : pageTexts.tooLarge;
    const text = (body.status === 413 ? tooLarge : pageTexts.unreadable)[messageLocale(locale)];
    return sendProblem(res, { status: body.status, json, error: body.reason, text, locale, backHref: options.backHref(req, locale), headers });
  }
  const file = body.file;
  try {
    const fields = { ...body.fields };
    delete fields[CV_FIELD]; // only a received file may speak for the CV
    if (file) fields[CV_FIELD] = { name: file.originalName, size: file.size, type: file.mime };
    const locale = options.localeOf(fields['locale'], req);
    const base = {
      id: newLeadId(),
      form,
      locale,
      createdAt: new Date(options.now()).toISOString(),
      ipHash: options.hashAddress(sub.clientAddress),
      userAgent: req.headers['user-agent']?.slice(0, 512),
    };

    const spamReason = detectSpam({ fields, now: options.now(), minFillMs: options.minFillMs });
    if (spamReason) {
      // Stored for review, answered like a success: a bot learns nothing.
      insertLead(options.db, { ...base, status: 'spam', spamReason, fields: keepText(fields) });
      if (file) await rm(file.path, { force: true });
      return answerSuccess(sub, json, base.id, locale, options);
    }
    const result = validateSubmission(form, fields, locale);
    if (!result.ok) {
      if (file) await rm(file.path, { force: true });
      if (json) return sendJson(res, 422, { ok: false, errors: result.errors }, headers);
      const lang = messageLocale(locale);
      const page = renderNoticePage({
        locale,
        title: pageTexts.invalidTitle[lang],
        lead: pageTexts.invalidLead[lang],
        errors: result.errors,
        backHref: options.backHref(req, locale),
      });
      return sendHtml(res, 422, page, headers);
    }
    // The CV lives in uploads and the locale in its own column.
    const { [CV_FIELD]: _cv, locale: _locale, ...data } = result.data as Record<string, unknown>;
    const lead: Omit<NewLead, 'outbox'> = { ...base, status: 'accepted', fields: data, upload: uploadOf(file) };
    insertLead(options.db, { ...lead, outbox: buildNotifications(lead, options.notifications) });
    if (file) commitUpload(file, options.uploadsDir);
    options.onAccepted?.({ id: base.id, form, locale });
    return answerSuccess(sub, json, base.id, locale, options);
  } catch (error) {
    if (file) await rm(file.path, { force: true });
    throw error;
  }
}

function answerSuccess(sub: Submission, json: boolean, id: string, locale: string, options: ResolvedHandlerOptions): void {
  if (json) return sendJson(sub.res, 201, { ok: true, id }, sub.headers);
  const paths = options.redirects[locale] ?? options.redirects[options.defaultLocale];
  redirect(sub.res, paths ? thankYouPathOf(sub.form, paths) : '/', sub.headers);
}

function uploadOf(file: ReceivedFile | undefined): NewLead['upload'] {
  return file ? { storedName: file.storedName, originalName: file.originalName, mime: file.mime, size: file.size } : undefined;
}

/** What a spam row keeps: text values only, each cut short. */
function keepText(fields: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields).slice(0, 50)) {
    if (typeof value === 'string') kept[key.slice(0, 100)] = value.slice(0, 5000);
    else if (key === CV_FIELD) kept[key] = value;
  }
  return kept;
}
