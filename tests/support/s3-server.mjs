// A real S3-protocol server (s3rver) in its own process, so a test can kill it mid-deploy.
// Usage: node --openssl-legacy-provider s3-server.mjs <directory> <bucket> [port]; prints {"port":N} once listening.
// s3rver encrypts list continuation tokens with DES, which OpenSSL 3 only offers through its legacy
// provider: without the flag, listing a bucket of more than 1,000 objects answers 500.
import { readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';

const [directory, bucket, port = '0'] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  directory,
  silent: true,
  // s3rver signs bucket-level requests over "/bucket" while SDK v3 signs "/bucket/", so its
  // signature check fails on every listing. The access key id is still checked (InvalidAccessKeyId),
  // which is how the tests give it bad credentials.
  allowMismatchedSignatures: true,
  configureBuckets: [{ name: bucket }],
});

// S3 stores an object whole or not at all. s3rver writes its data, checksum and metadata files one
// after the other, so a server killed mid-PUT (the interrupted-deploy test does that) could come
// back with a half-written object that answers 500. Each PUT is stored under a temporary key and its
// files renamed into place, the checksum last: it is the ETag listings show, so a kill between two
// renames leaves a new object under its old ETag (uploaded again by the next deploy), never an old
// object under the new ETag (which a deploy would take for done). Leftovers of a PUT cut short are
// removed before the server starts.
const PARTIAL = `.partial-${process.pid}`;
const store = server.store;
const putObject = store.putObject.bind(store);
store.putObject = async (object) => {
  const result = await putObject({ ...object, key: object.key + PARTIAL });
  for (const resource of ['object', 'metadata.json', 'object.md5']) {
    await rename(store.getResourcePath(object.bucket, object.key + PARTIAL, resource), store.getResourcePath(object.bucket, object.key, resource)).catch(
      (error) => {
        if (error.code !== 'ENOENT') throw error;
      },
    );
  }
  return result;
};
for (const entry of await readdir(directory, { recursive: true }).catch(() => [])) {
  if (/\.partial-\d+\._S3rver_/.test(entry)) await rm(join(directory, entry), { force: true });
}

const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
