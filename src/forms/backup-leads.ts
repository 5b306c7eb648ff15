import { chmodSync, existsSync, renameSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { formsOptionError, leadsDatabaseMissingError } from '../errors/index.ts';
import { openDatabase } from './open-database.ts';

/**
 * A consistent copy of the leads database through SQLite's online backup API, safe while a
 * server is taking leads (its writes restart the copy's pass, never corrupt it). Written beside
 * the target and renamed, so a half-written file never carries the backup's name.
 */
export async function backupLeads(options: { db: string; file: string }): Promise<{ leads: number; bytes: number }> {
  if (!existsSync(options.db)) throw leadsDatabaseMissingError(options.db);
  if (options.file === options.db) throw formsOptionError('backup file', 'The backup must go to another file than --db.');
  const partial = `${options.file}.partial`;
  const db = openDatabase({ path: options.db, fileMustExist: true });
  try {
    const result = await db.backup(partial);
    // Leads are personal data: the copy is readable by its owner only.
    chmodSync(partial, 0o600);
    const copy = new Database(partial, { readonly: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok')
        throw formsOptionError('backup file', `The copy failed SQLite's integrity check (${String(check)}); the database was left as it was.`);
      const leads = (copy.prepare('SELECT COUNT(*) AS n FROM leads').get() as { n: number }).n;
      renameSync(partial, options.file);
      return { leads, bytes: result.totalPages * (db.pragma('page_size', { simple: true }) as number) };
    } finally {
      copy.close();
    }
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
}
