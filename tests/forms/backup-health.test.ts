import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { backupLeads } from '../../src/forms/index.ts';
import { ROOT } from '../support/fixture.ts';
import { startTestServer, type TestServer } from './support.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** `agency-site leads backup` in its own process, as an operator's cron job would run it. */
function backup(db: string, file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(ROOT, 'bin/agency-site'), 'leads', 'backup', file, '--db', db], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

function inspect(file: string): { integrity: unknown; leads: number } {
  const copy = new Database(file, { readonly: true });
  try {
    return { integrity: copy.pragma('integrity_check', { simple: true }), leads: (copy.prepare('SELECT COUNT(*) AS n FROM leads').get() as { n: number }).n };
  } finally {
    copy.close();
  }
}

describe('leads backup', () => {
  it('copies the database while 100 submissions arrive; the copy opens and passes integrity_check', async () => {
    server = await startTestServer({ webhookUrl: 'http://127.0.0.1:9/hook' });
    const db = join(server.dir, 'leads.db');
    const submit = (i: number) =>
      server!.post('newsletter', {
        body: JSON.stringify({ email: `reader${i}@example.com`, locale: i % 2 ? 'es' : 'en' }),
        headers: { 'content-type': 'application/json' },
      });
    const first = await Promise.all(Array.from({ length: 10 }, (_, i) => submit(i)));
    expect(first.every((r) => r.status === 201)).toBe(true);
    const arriving = Promise.all(Array.from({ length: 90 }, (_, i) => submit(10 + i)));
    // In this process, so the copy runs while the server's connection commits those 90 leads.
    const during = await backupLeads({ db, file: join(server.dir, 'during.db') });
    const pendingWhenCopied = 100 - during.leads;
    const answers = await arriving;
    expect(answers.every((r) => r.status === 201)).toBe(true);
    const copy = inspect(join(server.dir, 'during.db'));
    expect(copy).toEqual({ integrity: 'ok', leads: during.leads });
    expect(copy.leads).toBeGreaterThanOrEqual(10);
    expect(pendingWhenCopied).toBeGreaterThanOrEqual(0);
    expect(statSync(join(server.dir, 'during.db')).mode & 0o777).toBe(0o600);

    const after = await backup(db, join(server.dir, 'after.db'));
    expect(after.code).toBe(0);
    expect(after.stdout).toMatch(/^backed up 100 leads \(\d+ kB\) to .*after\.db; integrity check ok/);
    expect(inspect(join(server.dir, 'after.db'))).toEqual({ integrity: 'ok', leads: 100 });
  }, 60_000);

  it('names a missing database in one error and exits 1', async () => {
    const result = await backup(join(ROOT, 'tests/no-such.db'), join(ROOT, 'tests/never.db'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no-such.db');
  });
});

describe('GET /api/forms/health', () => {
  it('answers JSON: the database is writable and how deep the outbox is', async () => {
    server = await startTestServer({ webhookUrl: 'http://127.0.0.1:9/hook' });
    const empty = await fetch(`${server.url}/api/forms/health`);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(empty.headers.get('cache-control')).toBe('no-store');
    expect(await empty.json()).toEqual({ ok: true, database: 'writable', outbox: { pending: 0, oldestPendingSeconds: null } });
    // The webhook receiver is down (port 9), so the lead's delivery waits in the outbox.
    expect(
      (await server.post('newsletter', { body: JSON.stringify({ email: 'bea@example.com', locale: 'es' }), headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(201);
    const queued = (await (await fetch(`${server.url}/api/forms/health`)).json()) as { outbox: { pending: number; oldestPendingSeconds: number } };
    expect(queued.outbox.pending).toBe(1);
    expect(queued.outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 when the database cannot be written', async () => {
    server = await startTestServer();
    server.db.pragma('query_only = ON');
    const res = await fetch(`${server.url}/api/forms/health`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ok: false, database: expect.stringMatching(/^not writable: /) });
    server.db.pragma('query_only = OFF');
  });
});
