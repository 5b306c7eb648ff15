import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeploy, STATE_KEY, type DeploySettings } from '../../src/deploy/index.ts';
import { IMMUTABLE, NO_STORE, REVALIDATE } from '../../src/node/cache-policy.ts';
import { buildFixture, copyFixture, ROOT } from '../support/fixture.ts';
import { getText, headObject, listKeys, s3Client, startS3, stopS3 } from './support.ts';

let fixture: Awaited<ReturnType<typeof copyFixture>>;
let s3: ChildProcess;
let endpoint: string;
let cloudfront: Server;
const invalidations: string[] = [];

function settings(prefix: string, extra: Partial<DeploySettings> = {}): DeploySettings {
  return { bucket: 'site', prefix, endpoint, region: 'us-east-1', dryRun: false, maxDeletes: 256, keepAssetsDays: 7, outDir: fixture.out, ...extra };
}

function output() {
  const lines: string[] = [];
  return { out: { write: (t: string) => lines.push(t) }, text: () => lines.join('') };
}

const DAY = 86_400_000;

beforeAll(async () => {
  fixture = await copyFixture('basic');
  await buildFixture(fixture);
  await mkdir(join(fixture.dir, 'bucket'));
  const started = await startS3(join(fixture.dir, 'bucket'));
  s3 = started.child;
  endpoint = `http://127.0.0.1:${started.port}`;
  // A stub of CloudFront's REST API: records each invalidation and answers as CloudFront does.
  cloudfront = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const match = /^\/2020-05-31\/distribution\/([A-Z0-9]+)\/invalidation$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return void res.writeHead(404).end();
      if (match[1] === 'EWRONG0000') {
        res
          .writeHead(404, { 'content-type': 'text/xml' })
          .end(
            '<ErrorResponse><Error><Type>Sender</Type><Code>NoSuchDistribution</Code><Message>The specified distribution does not exist.</Message></Error></ErrorResponse>',
          );
        return;
      }
      invalidations.push(`${req.url}\n${body}`);
      const id = `I${invalidations.length}ABCDEFGH2J`;
      res.writeHead(201, { 'content-type': 'text/xml', location: `https://cloudfront.amazonaws.com/2020-05-31/distribution/${match[1]}/invalidation/${id}` });
      res.end(
        `<?xml version="1.0"?><Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>${id}</Id><Status>InProgress</Status><CreateTime>2026-01-01T00:00:00Z</CreateTime>${body.replace(/<\?xml[^>]*>/, '').replace(/ xmlns="[^"]*"/, '')}</Invalidation>`,
      );
    });
  });
  await new Promise<void>((r) => cloudfront.listen(0, '127.0.0.1', r));
  process.env.AWS_ENDPOINT_URL_CLOUDFRONT = `http://127.0.0.1:${(cloudfront.address() as { port: number }).port}`;
}, 120_000);

afterAll(async () => {
  await stopS3(s3);
  cloudfront?.close();
  await fixture?.cleanup();
});

describe('agency-site deploy to an S3 server', () => {
  it('changes nothing on a dry run, and prints the plan', async () => {
    const io = output();
    const result = await runDeploy(settings('dry/', { dryRun: true }), io);
    expect(result.uploaded).toBeGreaterThan(50);
    expect(io.text()).toMatch(/would upload assets\/runtime\.[A-Z0-9]{8}\.js \(assets, .*immutable\)/);
    expect(io.text()).toContain('nothing was changed');
    expect(await listKeys(s3Client(endpoint), 'dry/')).toEqual([]);
  });

  it('uploads every file with the Content-Type and Cache-Control of the shared rule, and no host files', async () => {
    const io = output();
    const result = await runDeploy(settings('www/'), io);
    const client = s3Client(endpoint);
    const keys = await listKeys(client, 'www/');
    expect(keys).toContain('index.html');
    expect(keys).toContain('es/index.html');
    expect(keys).toContain(STATE_KEY);
    expect(keys.filter((k) => k.endsWith('.br') || k.endsWith('.gz') || k.startsWith('_'))).toEqual([]);
    expect(result.uploaded).toBe(keys.length - 1);
    const runtime = keys.find((k) => /^assets\/runtime\.[A-Z0-9]{8}\.js$/.test(k))!;
    const css = keys.find((k) => /^assets\/site\.[0-9a-f]+\.css$/.test(k))!;
    const image = keys.find((k) => k.startsWith('assets/images/') && k.endsWith('.avif'))!;
    const shared = keys.find((k) => k.startsWith('page-data/sq/d/'))!;
    const expected: Array<[string, string, string]> = [
      [runtime, 'text/javascript; charset=utf-8', IMMUTABLE],
      [css, 'text/css; charset=utf-8', IMMUTABLE],
      [image, 'image/avif', IMMUTABLE],
      // Named by locale, not content (a message edit rewrites one file, not every page-data): revalidated.
      [shared, 'application/json; charset=utf-8', REVALIDATE],
      ['index.html', 'text/html; charset=utf-8', REVALIDATE],
      ['es/index.html', 'text/html; charset=utf-8', REVALIDATE],
      ['page-data/index/page-data.json', 'application/json; charset=utf-8', REVALIDATE],
      ['page-data/app-data.json', 'application/json; charset=utf-8', REVALIDATE],
      ['sitemap.xml', 'application/xml; charset=utf-8', REVALIDATE],
      ['sw.js', 'text/javascript; charset=utf-8', NO_STORE],
    ];
    for (const [key, type, cache] of expected) {
      const head = await headObject(client, `www/${key}`);
      expect([key, head.ContentType, head.CacheControl]).toEqual([key, type, cache]);
    }
    expect(await getText(client, 'www/index.html')).toBe(await readFile(join(fixture.out, 'index.html'), 'utf8'));
    expect(io.text()).toMatch(/uploaded \d+ files \(.*\), 0 unchanged, deleted 0/);
  });

  it('uploads nothing the second time', async () => {
    const io = output();
    const result = await runDeploy(settings('www/'), io);
    expect(result.uploaded).toBe(0);
    expect(result.unchanged).toBeGreaterThan(50);
    expect(io.text()).toContain('uploaded 0 files (0 B)');
  });

  it('after an edit uploads only what changed, deletes a removed post, keeps old hashed assets, and invalidates the changed pages', async () => {
    const client = s3Client(endpoint);
    const before = await listKeys(client, 'www/');
    const oldCss = before.find((k) => /^assets\/site\.[0-9a-f]+\.css$/.test(k))!;
    await writeFile(
      join(fixture.dir, 'templates/styles/base.css'),
      (await readFile(join(fixture.dir, 'templates/styles/base.css'), 'utf8')).replace('--navy: #0f1b2d', '--navy: #0e1a2c'),
    );
    await rm(join(fixture.site, 'blog/en/first-post.md'));
    await buildFixture(fixture);
    const now = new Date();
    const io = output();
    const result = await runDeploy(settings('www/', { cloudfront: 'E2QWRUHAPOMQZL' }), { ...io, now });
    const after = await listKeys(client, 'www/');
    expect(after).not.toContain('blog/first-post/index.html');
    expect(after).not.toContain('page-data/blog/first-post/page-data.json');
    expect(after).toContain(oldCss);
    expect(result.kept).toBeGreaterThan(0);
    expect(result.plan.kept.map((k) => k.path)).toContain(oldCss);
    expect(result.deleted).toBeGreaterThan(0);
    expect(result.unchanged).toBeGreaterThan(0);
    expect(result.invalidationId).toBe(`I${invalidations.length}ABCDEFGH2J`);
    expect(io.text()).toContain(`CloudFront invalidation ${result.invalidationId}`);
    const body = invalidations.at(-1)!;
    expect(body).toContain('/distribution/E2QWRUHAPOMQZL/invalidation\n');
    expect(body).toMatch(/<Quantity>\d+<\/Quantity>/);
    // Every page's HTML changed with the stylesheet, so the paths are grouped into wildcards.
    expect(body).toMatch(/<Path>\/es\/\*<\/Path>/);
    expect(body).not.toContain('/assets/');
    const state = JSON.parse(await getText(client, `www/${STATE_KEY}`)) as { assets: Record<string, string> };
    expect(Object.keys(state.assets)).toContain(oldCss);

    // Eight days later the old stylesheet has served its open tabs and goes.
    const later = await runDeploy(settings('www/'), { ...output(), now: new Date(now.getTime() + 8 * DAY) });
    expect(later.uploaded).toBe(0);
    expect(later.plan.deletes).toContain(oldCss);
    expect(await listKeys(client, 'www/')).not.toContain(oldCss);
  });

  it('refuses a deploy that would delete more than --max-deletes and names the count', async () => {
    const client = s3Client(endpoint);
    await runDeploy(settings('guard/'), output());
    const before = await listKeys(client, 'guard/');
    await rm(join(fixture.site, 'blog/es'), { recursive: true, force: true });
    await buildFixture(fixture);
    const attempt = runDeploy(settings('guard/', { maxDeletes: 1 }), output());
    await expect(attempt).rejects.toThrow(/would delete \d+ files, more than --max-deletes 1/);
    expect(await listKeys(client, 'guard/')).toEqual(before);
  });

  it('fails in one line with exit code 1 for a wrong bucket, bad credentials, an unreachable endpoint and a wrong distribution', async () => {
    const cli = (args: string[], env: Record<string, string> = {}) =>
      new Promise<{ code: number; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [join(ROOT, 'bin/agency-site'), 'deploy', '--out', fixture.out, '--site', fixture.site, ...args],
          { env: { ...process.env, ...env } },
          (error, _stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stderr }),
        );
      });
    const wrongBucket = await cli(['--target', 's3://no-such-bucket', '--endpoint', endpoint]);
    expect(wrongBucket.code).toBe(1);
    expect(wrongBucket.stderr.trim()).toMatch(/^error Bucket not found: There is no bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+: check --target/);
    const badKey = await cli(['--target', 's3://site/www', '--endpoint', endpoint], { AWS_ACCESS_KEY_ID: 'AKIANOTAREALKEY' });
    expect(badKey.code).toBe(1);
    expect(badKey.stderr.trim()).toMatch(/^error Credentials refused: .*InvalidAccessKeyId.*AWS_PROFILE/);
    const down = await cli(['--target', 's3://site/www', '--endpoint', 'http://127.0.0.1:9']);
    expect(down.code).toBe(1);
    expect(down.stderr.trim()).toMatch(/^error Storage unreachable: Cannot reach http:\/\/127\.0\.0\.1:9 \(ECONNREFUSED\): check --endpoint/);
    const noDistribution = await cli(['--target', 's3://site/cli', '--endpoint', endpoint, '--cloudfront', 'EWRONG0000']);
    expect(noDistribution.code).toBe(1);
    expect(noDistribution.stderr.trim()).toMatch(
      /^error CloudFront invalidation failed: The bucket is up to date, but distribution EWRONG0000 refused .*NoSuchDistribution/,
    );
    for (const r of [wrongBucket, badKey, down, noDistribution]) expect(r.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);

  it('run from the project folder with --out ./out/, uploads the same keys as with the absolute folder', async () => {
    const client = s3Client(endpoint);
    await runDeploy(settings('absolute/'), output());
    const run = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [join(ROOT, 'bin/agency-site'), 'deploy', '--target', 's3://site/relative', '--endpoint', endpoint, '--out', './out/'],
        { cwd: fixture.dir },
        (error, _stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stderr }),
      );
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const absolute = await listKeys(client, 'absolute/');
    expect(absolute).toEqual(expect.arrayContaining(['index.html', 'es/index.html', 'sitemap.xml']));
    expect(await listKeys(client, 'relative/')).toEqual(absolute);
  }, 60_000);

  it('through the CLI, prints what it did and adds a table to the GitHub job summary', async () => {
    const summary = join(fixture.dir, 'summary.md');
    const run = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        [join(ROOT, 'bin/agency-site'), 'deploy', '--target', 's3://site/summary', '--endpoint', endpoint, '--out', fixture.out, '--site', fixture.site],
        { env: { ...process.env, CI: 'true', GITHUB_STEP_SUMMARY: summary } },
        (error, stdout) => resolve({ code: error ? Number(error.code) : 0, stdout }),
      );
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^uploading assets: \d+ files/m);
    const uploaded = Number(/deployed to s3:\/\/site\/summary\/: uploaded (\d+) files/.exec(run.stdout)?.[1]);
    expect(uploaded).toBeGreaterThan(50);
    expect(await readFile(summary, 'utf8')).toContain(`| ${uploaded} | `);
  }, 60_000);
});
