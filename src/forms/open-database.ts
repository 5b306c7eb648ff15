import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_DB_PATH } from './defaults.ts';

export type Db = Database.Database;
type Statement = Database.Statement;

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
  const db = openSqlite(path, { fileMustExist: options.fileMustExist === true });
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000');
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  // The version is read inside the write transaction, so two processes opening a new file agree.
  db.transaction(() => {
    const version = (statement(db, 'PRAGMA user_version').get() as { user_version: number }).user_version;
    for (const sql of MIGRATIONS.slice(version)) db.exec(sql);
    if (version < MIGRATIONS.length) db.exec(`PRAGMA user_version = ${MIGRATIONS.length}`);
  }).immediate();
}

/*
 * better-sqlite3 12 (the newest that runs on Node 20) builds its databases and statements on
 * node::ObjectWrap, whose destructor on Node 24.19 and later needs a current Node environment. A
 * garbage collection that frees one from a V8 task, outside any JavaScript, aborts the whole process
 * (`RemoveEnvironmentCleanupHook ... (env) != nullptr`): `serve --watch` died that way mid-rebuild.
 * So no such object is ever freed while the process runs: every database is kept, and each SQL text
 * is prepared once per database and reused. `db.pragma()` and `db.backup()` make objects of their
 * own, so this module's callers use `db.exec` and `VACUUM INTO` instead.
 */
const kept = new Map<Db, Map<string, Statement>>();

/** Opens a database file that is kept, with its statements, until the process ends. */
export function openSqlite(path: string, options: Database.Options = {}): Db {
  const db = new Database(path, options);
  kept.set(db, new Map());
  return db;
}

/** The one prepared statement of this SQL text on this database. */
export function statement(db: Db, sql: string): Statement {
  let statements = kept.get(db);
  if (!statements) kept.set(db, (statements = new Map()));
  let prepared = statements.get(sql);
  if (!prepared) statements.set(sql, (prepared = db.prepare(sql)));
  return prepared;
}
