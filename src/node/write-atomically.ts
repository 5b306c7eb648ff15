import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

let written = 0;

/**
 * A name beside `file` for its next version: hidden, so a server of the folder never lists it, and
 * this process's and this call's own, so two writers (two builds, two cards of one title) never
 * share one. `TEMP_NAME` matches what a write stopped half-way leaves.
 */
export function tempBeside(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}.${++written}.tmp`);
}

/** The names `tempBeside` gives. */
export const TEMP_NAME = /^\..+\.\d+\.\d+\.tmp$/;

/**
 * Writes `data` beside `file` and renames it over: a reader, or a build stopped half-way, sees the
 * old file or the new one, never half of one. The folder is made when missing.
 */
export function writeFileAtomically(file: string, data: string | NodeJS.ArrayBufferView): void {
  const temp = tempBeside(file);
  try {
    writeFileSync(temp, data);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temp, data);
  }
  try {
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
