// `node --import ./record-imports.mjs …`: appends every module URL the process resolves through
// the ESM loader (import statements and import()) to the file named by RECORD_IMPORTS.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

let log;
export function initialize(data) {
  log = data.log;
}
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(log, `${result.url}\n`);
  return result;
}
// Once, from the main thread (the hooks thread loads this file too).
if (isMainThread && process.env.RECORD_IMPORTS) register(import.meta.url, { data: { log: process.env.RECORD_IMPORTS } });
