// The numbers ICU wrote for constants, kept in .cache/ between builds (resolve-references.ts says why).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { numbersToRemember, rememberNumbers } from './resolve-references.ts';
import { writeFileAtomically } from '../node/write-atomically.ts';

const file = (cacheDir: string) => join(cacheDir, 'numbers-v1.json');

/** Before content and messages are read; a missing or unreadable file only means a formatter is built. */
export function loadRememberedNumbers(cacheDir: string): void {
  try {
    rememberNumbers(JSON.parse(readFileSync(file(cacheDir), 'utf8')));
  } catch {
    // Nothing remembered: ICU writes them.
  }
}

/** After a build that wrote a number it did not remember (new constants, a new locale): renamed into place. */
export function saveRememberedNumbers(cacheDir: string): void {
  const numbers = numbersToRemember();
  if (!numbers) return;
  writeFileAtomically(file(cacheDir), JSON.stringify(numbers));
}
