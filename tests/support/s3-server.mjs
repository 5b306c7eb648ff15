// A real S3-protocol server (s3rver) in its own process, so a test can kill it mid-deploy.
// Usage: node --openssl-legacy-provider s3-server.mjs <directory> <bucket> [port]; prints {"port":N} once listening.
// s3rver encrypts list continuation tokens with DES, which OpenSSL 3 only offers through its legacy
// provider: without the flag, listing a bucket of more than 1,000 objects answers 500.
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
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
