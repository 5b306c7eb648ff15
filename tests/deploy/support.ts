import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ROOT } from '../support/fixture.ts';

// s3rver's fixed account; the SDK finds them through its default chain, like real credentials.
process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export const BUCKET = 'site';

/** s3rver in a child process over `directory` (kept across restarts, like a real bucket). */
export async function startS3(directory: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--openssl-legacy-provider', join(ROOT, 'tests/support/s3-server.mjs'), directory, BUCKET], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n')[0];
      if (text.includes('\n')) resolve((JSON.parse(line!) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return { port, child };
}

export function stopS3(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/**
 * A loopback proxy in front of s3rver that counts uploads and calls `onPut(n)` as the n-th
 * arrives, before forwarding it: the tests kill the server there, mid-deploy.
 */
export async function startCountingProxy(target: () => number, onPut: (n: number) => void): Promise<{ server: Server; endpoint: string }> {
  let puts = 0;
  const server = createServer((req, res) => {
    if (req.method === 'PUT') onPut(++puts);
    const upstream = request({ host: '127.0.0.1', port: target(), method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

export function s3Client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    forcePathStyle: true,
    region: 'us-east-1',
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export async function listKeys(client: S3Client, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix || undefined, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key!.slice(prefix.length)));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}

export async function headObject(client: S3Client, key: string) {
  return client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
}

export async function getText(client: S3Client, key: string): Promise<string> {
  const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return got.Body!.transformToString();
}

/** Local files a page loads: scripts, stylesheets, images (srcset too), page-data links, icons. */
export function referencedAssets(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/\s(?:src|href)="(\/[^"?#]*)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/\ssrcset="([^"]*)"/g)) for (const part of m[1]!.split(',')) urls.add(part.trim().split(/\s+/)[0]!);
  return [...urls].filter((u) => /^\/(assets|og|page-data)\//.test(u) && /\.[a-z0-9]+$/.test(u));
}
