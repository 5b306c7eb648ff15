import type { Server } from 'node:http';

/** Stops accepting, lets requests under way finish for up to `graceMs`, then cuts what is left. */
export async function closeServer(server: Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((done) => server.close(() => done()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), graceMs).unref();
  await closed;
  clearTimeout(timer);
}
