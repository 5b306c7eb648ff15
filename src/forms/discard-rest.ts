import type { IncomingMessage } from 'node:http';

/** After an early answer the rest of the body is read and dropped, so the client gets to see the answer. */
const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

/** Reads and drops what is left of a request; a client that keeps sending far past the limit is cut off. */
export function discardRest(req: IncomingMessage): void {
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_LIMIT_BYTES) req.destroy();
  });
  req.resume();
}
