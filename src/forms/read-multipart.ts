import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { BodyResult, ReadBodyLimits } from './read-body.ts';
import { discardRest } from './discard-rest.ts';
import { receiveUpload, type ReceivedFile } from './receive-upload.ts';

/**
 * Parses a multipart body as it streams in: text fields into memory (bounded), the one expected
 * file straight to disk. Any limit crossed answers 413 at once; the rest of the body is discarded.
 */
const ignore = (): void => undefined;

export function readMultipart(req: IncomingMessage, limits: ReadBodyLimits): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        // busboy reports the limit when a file reaches it; one byte more means "larger than allowed".
        limits: { fileSize: limits.maxFileBytes + 1, files: 1, fields: 50, fieldSize: limits.maxFieldsBytes, parts: 60 },
      });
    } catch {
      discardRest(req);
      resolve({ ok: false, status: 400, reason: 'malformed multipart header' });
      return;
    }
    const fields: Record<string, string> = {};
    let upload: Promise<ReceivedFile | 'tooLarge' | undefined> = Promise.resolve(undefined);
    let fileStream: Readable | undefined;
    let failure: { status: 400 | 413; reason: string } | undefined;
    let received = 0;

    const settle = async (): Promise<void> => {
      let outcome: ReceivedFile | 'tooLarge' | undefined;
      try {
        outcome = await upload;
      } catch (error) {
        // Cut off on purpose (limit, abort) is already answered; a disk that fails is a 500.
        if (!failure) return reject(error);
      }
      const file = outcome === 'tooLarge' ? undefined : outcome;
      if (outcome === 'tooLarge') failure ??= { status: 413, reason: 'file too large' };
      if (failure) {
        if (file) await rm(file.path, { force: true });
        resolve({ ok: false, ...failure });
      } else resolve({ ok: true, fields, ...(file ? { file } : {}) });
    };
    const fail = (status: 400 | 413, reason: string): void => {
      if (failure) return;
      failure = { status, reason };
      req.unpipe(parser);
      // With an error, or stream.pipeline would wait forever for a source destroyed mid-file.
      fileStream?.destroy(new Error(reason));
      discardRest(req);
      void settle();
    };

    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBodyBytes) fail(413, 'body too large');
    });
    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(413, `field ${name} too large`);
      if (!(name in fields)) fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      // After a failure busboy may still emit parts it had buffered: writing one would leave a file
      // (and its open handle) that nothing waits for or removes.
      // Drained with an error listener: busboy destroys a part it cut off with an error (an
      // unexpected end of form), which would otherwise be uncaught and take the server down.
      if (failure || name !== limits.fileField || fileStream) return void stream.on('error', ignore).resume();
      fileStream = stream;
      stream.on('limit', () => fail(413, 'file too large'));
      upload = receiveUpload({ stream, filename: info.filename, dir: limits.uploadsDir }).then((r) =>
        r.kind === 'file' ? r.file : r.kind === 'tooLarge' ? 'tooLarge' : undefined,
      );
    });
    parser.on('filesLimit', () => fail(413, 'too many files'));
    parser.on('fieldsLimit', () => fail(413, 'too many fields'));
    parser.on('partsLimit', () => fail(413, 'too many parts'));
    parser.on('error', () => fail(400, 'malformed multipart body'));
    parser.on('close', () => {
      if (!failure) void settle();
    });
    req.on('error', () => fail(400, 'request aborted'));
    req.on('close', () => {
      if (!req.complete) fail(400, 'request aborted');
    });
    req.pipe(parser);
  });
}
