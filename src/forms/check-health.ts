import { statement, type Db } from './open-database.ts';

export interface FormsHealth {
  ok: boolean;
  database: 'writable' | string;
  outbox: { pending: number; oldestPendingSeconds: number | null };
}

/**
 * What `GET {basePath}/health` answers: a real write (the time of this check, in `meta`) proves
 * the disk and the lock are usable; the outbox depth shows deliveries piling up before leads do.
 */
export function checkHealth(db: Db, now = Date.now()): FormsHealth {
  let database = 'writable';
  try {
    statement(db, "INSERT INTO meta (key, value) VALUES ('health_checked_at', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(
      new Date(now).toISOString(),
    );
  } catch (error) {
    database = `not writable: ${error instanceof Error ? error.message : String(error)}`;
  }
  let outbox: FormsHealth['outbox'] = { pending: -1, oldestPendingSeconds: null };
  try {
    const row = statement(
      db,
      'SELECT COUNT(*) AS pending, MIN(l.created_at) AS oldest FROM outbox o JOIN leads l ON l.id = o.lead_id WHERE o.delivered_at IS NULL',
    ).get() as { pending: number; oldest: string | null };
    outbox = { pending: row.pending, oldestPendingSeconds: row.oldest ? Math.max(0, Math.round((now - Date.parse(row.oldest)) / 1000)) : null };
  } catch (error) {
    database = database === 'writable' ? `not readable: ${error instanceof Error ? error.message : String(error)}` : database;
  }
  return { ok: database === 'writable', database, outbox };
}
