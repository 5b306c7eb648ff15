import type { IncomingMessage } from 'node:http';
import { discardRest } from './discard-rest.ts';
import { readMultipart } from './read-multipart.ts';
import type { ReceivedFile } from './receive-upload.ts';

export interface ReadBodyLimits {
  /** The whole request body, multipart included. */
  maxBodyBytes: number;
  /** A url-encoded or JSON body, and each multipart text field. */
  maxFieldsBytes: number;
  maxFileBytes: number;
  /** The multipart field whose file is kept; other files are skipped. */
  fileField: string | undefined;
  uploadsDir: string;
}

export type BodyResult = { ok: true; fields: Record<string, unknown>; file?: ReceivedFile } | { ok: false; status: 400 | 413 | 415; reason: string };

export function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

export async function readBody(req: IncomingMessage, limits: ReadBodyLimits): Promise<BodyResult> {
  const type = mediaType(req);
  const declared = Number(req.headers['content-length'] ?? NaN);
  const cap = type === 'multipart/form-data' ? limits.maxBodyBytes : limits.maxFieldsBytes;
  if (declared > cap) {
    discardRest(req);
    return { ok: false, status: 413, reason: 'body too large' };
  }
  if (type === 'multipart/form-data') return readMultipart(req, limits);
  if (type !== 'application/x-www-form-urlencoded' && type !== 'application/json') {
    discardRest(req);
    return { ok: false, status: 415, reason: `unsupported content type ${type || '(none)'}` };
  }
  const text = await readText(req, cap);
  if (text === null) return { ok: false, status: 413, reason: 'body too large' };
  if (type === 'application/x-www-form-urlencoded') {
    const fields: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(text)) if (!(key in fields)) fields[key] = value;
    return { ok: true, fields };
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return { ok: true, fields: parsed as Record<string, unknown> };
  } catch {
    // answered below
  }
  return { ok: false, status: 400, reason: 'expected a JSON object' };
}

/** The body as UTF-8, or null once it grows past `cap` (the rest is then discarded). */
function readText(req: IncomingMessage, cap: number): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= cap) return void chunks.push(chunk);
      req.off('data', onData);
      discardRest(req);
      resolve(null);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(null));
  });
}
