import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_DB_PATH } from './defaults.ts';

export type Db = Database.Database;

export { DEFAULT_DB_PATH };

// Times the outbox compares with now() on every tick are epoch milliseconds; a lead's
// created_at is ISO text because people read it in exports.
const MIGRATIONS: string[] = [
  `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE leads (
     id TEXT PRIMARY KEY,
     form TEXT NOT NULL,
     locale TEXT NOT NULL,
     fields TEXT NOT NULL CHECK (json_valid(fields)),
     status TEXT NOT NULL CHECK (status IN ('accepted', 'spam')),
     spam_reason TEXT,
     ip_hash TEXT,
     user_agent TEXT,
     created_at TEXT NOT NULL
   );
   CREATE INDEX leads_form ON leads (form, created_at);
   CREATE TABLE uploads (
     id INTEGER PRIMARY KEY,
     lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
     stored_name TEXT NOT NULL UNIQUE,
     original_name TEXT NOT NULL,
     mime TEXT NOT NULL,
     size INTEGER NOT NULL
   );
   CREATE INDEX uploads_lead ON uploads (lead_id);
   CREATE TABLE outbox (
     id INTEGER PRIMARY KEY,
     lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
     kind TEXT NOT NULL CHECK (kind IN ('webhook', 'email')),
     payload TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     last_error TEXT,
     delivered_at INTEGER
   );
   CREATE INDEX outbox_due ON outbox (kind, next_attempt_at) WHERE delivered_at IS NULL;`,
];

export interface OpenDatabaseOptions {
  path?: string;
  /** For read-only commands: fail instead of creating an empty database. */
  fileMustExist?: boolean;
}

/**
 * Opens (and creates or upgrades) the leads database. WAL lets `leads list` read while the server
 * writes; synchronous=FULL makes a commit durable before the submission is acknowledged.
 */
export function openDatabase(options: OpenDatabaseOptions = {}): Db {
  const path = options.path ?? DEFAULT_DB_PATH;
  if (path !== ':memory:' && !options.fileMustExist) mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const db = new Database(path, { fileMustExist: options.fileMustExist === true });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  // The version is read inside the write transaction, so two processes opening a new file agree.
  db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    for (const sql of MIGRATIONS.slice(version)) db.exec(sql);
    if (version < MIGRATIONS.length) db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
}
