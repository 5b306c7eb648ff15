import { createServer, type Server } from 'node:http';
import { closeServer } from '../node/close-server.ts';
import { createFormsHandler } from './create-forms-handler.ts';
import type { FormsHandlerOptions } from './handler-options.ts';
import { openDatabase, type Db } from './open-database.ts';
import { startOutbox, type StartOutboxOptions } from './outbox.ts';
import { sendJson } from './respond.ts';

export interface StartFormsServerOptions extends Omit<FormsHandlerOptions, 'db'> {
  port: number;
  host: string;
  dbPath?: string;
  /**
   * Connections the kernel queues before they are accepted (Node's default is 511). A burst larger
   * than that, while a commit holds the event loop, overflows it and clients wait 1 s to retry.
   */
  backlog?: number;
  outbox?: Pick<StartOutboxOptions, 'fetchImpl' | 'intervalMs' | 'onError' | 'mail'>;
  /** Tried after the forms handler (the third-party proxy); true = handled. */
  extraHandlers?: Array<(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<boolean>>;
}

export interface FormsServer {
  url: string;
  server: Server;
  db: Db;
  /** Stops taking requests, lets the ones under way finish (up to `graceMs`), then closes the database. */
  close(graceMs?: number): Promise<void>;
}

/** The standalone forms endpoint: the handler, a 404 for anything else, and the outbox worker. */
export async function startFormsServer(options: StartFormsServerOptions): Promise<FormsServer> {
  const db = openDatabase({ ...(options.dbPath ? { path: options.dbPath } : {}) });
  const outbox = startOutbox({ db, webhookUrl: options.webhookUrl, ...options.outbox, ...(options.now ? { now: options.now } : {}) });
  const handle = createFormsHandler({
    ...options,
    db,
    onAccepted: (lead) => {
      outbox.wake();
      options.onAccepted?.(lead);
    },
  });
  const handlers = [handle, ...(options.extraHandlers ?? [])];
  const server = createServer((req, res) => {
    // A target no URL parser takes (`//`, `//[`, `http://[::1`) reaches no handler: answered as `serve` answers it.
    if (!URL.canParse(req.url ?? '/', 'http://localhost')) return sendJson(res, 400, { ok: false, error: 'bad request' });
    void (async () => {
      for (const handler of handlers) if (await handler(req, res)) return;
      sendJson(res, 404, { ok: false, error: 'not found' });
    })().catch((error: unknown) => {
      // A bug of ours, never silent: the log says what, the visitor gets no stack trace.
      (options.onError ?? ((e: unknown) => console.error(`forms: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)))(error);
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: 'internal error' });
      else res.end();
    });
  });
  // Malformed HTTP is answered and closed, never thrown.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });
  try {
    await new Promise<void>((ready, fail) => {
      server.once('error', fail);
      server.listen({ port: options.port, host: options.host, backlog: options.backlog ?? 2048 }, ready);
    });
  } catch (error) {
    await outbox.stop();
    db.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;

  return {
    url: `http://${host}:${port}`,
    server,
    db,
    async close(graceMs = 10_000) {
      await closeServer(server, graceMs);
      await outbox.stop();
      db.close();
    },
  };
}
