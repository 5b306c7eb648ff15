import { chmodSync, existsSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { formsOptionError, leadsDatabaseMissingError } from '../errors/index.ts';
import { openDatabase, openSqlite, statement } from './open-database.ts';

/**
 * A consistent copy of the leads database, safe while a server is taking leads: `VACUUM INTO`
 * copies one read transaction's snapshot, and WAL lets the server go on writing meanwhile. (The
 * online backup API would leave a native object for the garbage collector; see open-database.ts.)
 * Written beside the target and renamed, so a half-written file never carries the backup's name.
 */
export async function backupLeads(options: { db: string; file: string }): Promise<{ leads: number; bytes: number }> {
  if (!existsSync(options.db)) throw leadsDatabaseMissingError(options.db);
  if (sameFile(options.file, options.db))
    throw formsOptionError('backup file', `${options.file} is the database itself (--db ${options.db}): the backup must go to another file.`);
  const partial = `${options.file}.partial`;
  const db = openDatabase({ path: options.db, fileMustExist: true });
  try {
    // A partial file left by a killed backup would make VACUUM INTO refuse.
    rmSync(partial, { force: true });
    statement(db, 'VACUUM INTO ?').run(partial);
    // Leads are personal data: the copy is readable by its owner only.
    chmodSync(partial, 0o600);
    const copy = openSqlite(partial);
    let leads: number;
    try {
      // One self-contained file: out of WAL mode, so no -wal or -shm is needed beside it.
      copy.exec('PRAGMA journal_mode = DELETE');
      const check = (statement(copy, 'PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check;
      if (check !== 'ok')
        throw formsOptionError('backup file', `The copy failed SQLite's integrity check (${String(check)}); the database was left as it was.`);
      leads = (statement(copy, 'SELECT COUNT(*) AS n FROM leads').get() as { n: number }).n;
    } finally {
      copy.close();
      removeSidecars(partial);
    }
    renameSync(partial, options.file);
    return { leads, bytes: statSync(options.file).size };
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
