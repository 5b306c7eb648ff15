import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface WebhookReceiver {
  url: string;
  hits: Array<{ body: string; key: string | undefined }>;
  /** Answers with these statuses in turn, then 200. */
  statuses: number[];
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1 that keeps every POST it gets. */
export async function startWebhookReceiver(statuses: number[]): Promise<WebhookReceiver> {
  const hits: WebhookReceiver['hits'] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hits.push({ body, key: req.headers['idempotency-key'] as string | undefined });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`,
    hits,
    statuses,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
