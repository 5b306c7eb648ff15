import { createServer } from 'node:net';
import { formsOptionError } from '../errors/index.ts';

/** A server that cannot listen, said as the option to change: a port in use is the usual `npm start` run twice. */
export function listenError(error: unknown, port: number, host: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return formsOptionError('--port', `Port ${port} on ${host} is already in use: stop what uses it or pick another --port.`);
  if (code === 'EACCES' || code === 'EADDRNOTAVAIL') return formsOptionError('--host', `Cannot listen on ${host}:${port} (${code}).`);
  return error;
}

/**
 * Fails at once when the port is taken, before `serve` spends a build on a server that cannot
 * start. Only a first check: the server's own listen still reports a port taken in between.
 */
export async function assertCanListen(port: number, host: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(listenError(error, port, host)));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
