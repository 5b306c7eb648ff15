import { chmodSync, existsSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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
  if (sameFile(options.file, options.db))
    throw formsOptionError('backup file', `${options.file} is the database itself (--db ${options.db}): the backup must go to another file.`);
  const partial = `${options.file}.partial`;
  const db = openDatabase({ path: options.db, fileMustExist: true });
  try {
    const result = await db.backup(partial);
    // Leads are personal data: the copy is readable by its owner only.
    chmodSync(partial, 0o600);
    const copy = new Database(partial);
    let leads: number;
    try {
      // One self-contained file: out of WAL mode, so no -wal or -shm is needed beside it.
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok')
        throw formsOptionError('backup file', `The copy failed SQLite's integrity check (${String(check)}); the database was left as it was.`);
      leads = (copy.prepare('SELECT COUNT(*) AS n FROM leads').get() as { n: number }).n;
    } finally {
      copy.close();
      removeSidecars(partial);
    }
    renameSync(partial, options.file);
    return { leads, bytes: result.totalPages * (db.pragma('page_size', { simple: true }) as number) };
  } catch (error) {
    rmSync(partial, { force: true });
    removeSidecars(partial);
    throw error;
  } finally {
    db.close();
  }
}

/**
 * Whether two paths name one file: by device and inode when the target exists (a hard link, a
 * symbolic link, `./x.db` against `/abs/x.db`), else by the real path of its folder. Comparing the
 * strings let a backup be renamed over the live database.
 */
function sameFile(a: string, b: string): boolean {
  const sb = statSync(b);
  const sa = statSync(a, { throwIfNoEntry: false });
  if (sa) return sa.dev === sb.dev && sa.ino === sb.ino;
  try {
    return join(realpathSync(dirname(a)), basename(a)) === realpathSync(b);
  } catch {
    return false;
  }
}

/** SQLite's journal files of a copy, which must not outlive it. */
function removeSidecars(file: string): void {
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}
