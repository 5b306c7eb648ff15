import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { invalidEncodingError } from '../errors/index.ts';
import { displayPath } from './display-path.ts';

// fatal: a byte that is not UTF-8 is an error, never a silent U+FFFD; a leading BOM is dropped.
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * An editor's text file as a string: UTF-8 with or without a BOM. Anything else stops the build at
 * the first bad byte rather than being guessed at: a guess (Windows-1252? Latin-1?) would publish
 * the wrong letters with the same confidence as the right ones.
 */
export function decodeText(bytes: Uint8Array, path: string): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    const at = firstInvalidByte(bytes);
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < at; i++) {
      if (bytes[i] === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    const before = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, at));
    const asWindows1252 = new TextDecoder('windows-1252').decode(bytes.subarray(at, at + 1));
    return throwEncoding(path, { line, column: before.length + 1, byte: bytes[at]!, asWindows1252 });
  }
}

function throwEncoding(path: string, info: { line: number; column: number; byte: number; asWindows1252: string }): never {
  throw invalidEncodingError({ file: displayPath(path), line: info.line, column: info.column }, info.byte, info.asWindows1252);
}

export function readTextSync(path: string): string {
  return decodeText(readFileSync(path), path);
}

export async function readText(path: string): Promise<string> {
  return decodeText(await readFile(path), path);
}

/** Offset of the first byte that does not continue a valid UTF-8 sequence (called only when one exists). */
function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    for (let k = 1; k < length; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    // Overlong, surrogate and out-of-range forms are invalid too; the fatal decoder said one exists.
    if (length > 1 && !isValidSequence(bytes.subarray(i, i + length))) return i;
    i += length;
  }
  return bytes.length;
}

function isValidSequence(sequence: Uint8Array): boolean {
  try {
    UTF8.decode(sequence);
    return true;
  } catch {
    return false;
  }
}
