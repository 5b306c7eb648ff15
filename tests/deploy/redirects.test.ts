import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeploy, type DeploySettings } from '../../src/deploy/index.ts';
import { REVALIDATE } from '../../src/node/cache-policy.ts';
import { buildFixture, copyFixture } from '../support/fixture.ts';
import { getText, headObject, listKeys, s3Client, startS3, stopS3 } from './support.ts';

// The basic fixture with an alias, a renamed post, a splat and a gone page, deployed to s3rver,
// with a stub of CloudFront's function and distribution API that keeps what it was sent.
let fixture: Awaited<ReturnType<typeof copyFixture>>;
let s3: ChildProcess;
let endpoint: string;
let cloudfront: Server;
const DISTRIBUTION = 'E2QWRUHAPOMQZL';
const calls: string[] = [];
const fn: { code?: string; live?: string; etag: number } = { etag: 0 };
let associations =
  '<FunctionAssociations><Quantity>1</Quantity><Items><FunctionAssociation><FunctionARN>arn:aws:cloudfront::1:function/add-index</FunctionARN><EventType>viewer-request</EventType></FunctionAssociation></Items></FunctionAssociations>';

const summary = (stage: string) =>
  `<FunctionSummary><Name>agency-site-redirects-${DISTRIBUTION}</Name><Status>UNPUBLISHED</Status><FunctionConfig><Comment>c</Comment><Runtime>cloudfront-js-2.0</Runtime></FunctionConfig>` +
  `<FunctionMetadata><FunctionARN>arn:aws:cloudfront::1:function/agency-site-redirects-${DISTRIBUTION}</FunctionARN><Stage>${stage}</Stage><LastModifiedTime>2026-01-01T00:00:00Z</LastModifiedTime></FunctionMetadata></FunctionSummary>`;
const distributionConfig = () =>
  `<DistributionConfig xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><CallerReference>site</CallerReference><Origins><Quantity>0</Quantity></Origins>` +
  `<DefaultCacheBehavior><TargetOriginId>bucket</TargetOriginId><ViewerProtocolPolicy>redirect-to-https</ViewerProtocolPolicy>${associations}</DefaultCacheBehavior>` +
  `<Comment>site</Comment><Enabled>true</Enabled></DistributionConfig>`;

function settings(extra: Partial<DeploySettings> = {}): DeploySettings {
  return { bucket: 'site', prefix: 'www/', endpoint, region: 'us-east-1', dryRun: false, maxDeletes: 256, keepAssetsDays: 7, outDir: fixture.out, ...extra };
}
function output() {
  const lines: string[] = [];
  return { out: { write: (t: string) => lines.push(t) }, text: () => lines.join('') };
}

beforeAll(async () => {
  fixture = await copyFixture('basic');
  await buildFixture(fixture, { lock: 'write' });
  await writeFile(
    join(fixture.site, 'redirects.yaml'),
    'redirects:\n  - { from: /old-blog/*, to: "/blog/:splat" }\n  - { from: /talks/, to: "https://talks.southbridge.dev/" }\ngone: [/retired/]\n',
  );
  const careers = join(fixture.site, 'pages/careers.yaml');
  await writeFile(careers, `${await readFile(careers, 'utf8')}aliases:\n  en: [/jobs/]\n`);
  const { rename } = await import('node:fs/promises');
  await rename(join(fixture.site, 'blog/en/first-post.md'), join(fixture.site, 'blog/en/hello-world.md'));
  await buildFixture(fixture, { lock: 'write' });
  await mkdir(join(fixture.dir, 'bucket'));
  const started = await startS3(join(fixture.dir, 'bucket'));
  s3 = started.child;
  endpoint = `http://127.0.0.1:${started.port}`;
  cloudfront = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const name = `agency-site-redirects-${DISTRIBUTION}`;
      calls.push(`${req.method} ${url.pathname}${url.search}`);
      const xml = (status: number, text: string, etag?: string) =>
        res.writeHead(status, { 'content-type': 'text/xml', ...(etag ? { etag } : {}) }).end(`<?xml version="1.0"?>${text}`);
      const noSuch = () =>
        xml(
          404,
          '<ErrorResponse><Error><Type>Sender</Type><Code>NoSuchFunctionExists</Code><Message>The function does not exist.</Message></Error></ErrorResponse>',
        );
      const code = () => Buffer.from(/<FunctionCode>([^<]*)<\/FunctionCode>/.exec(body)![1]!, 'base64').toString();
      if (req.method === 'GET' && url.pathname === `/2020-05-31/function/${name}`) {
        const text = url.searchParams.get('Stage') === 'LIVE' ? fn.live : fn.code;
        if (text === undefined) return noSuch();
        return void res.writeHead(200, { 'content-type': 'application/octet-stream', etag: `E${fn.etag}` }).end(text);
      }
      if (req.method === 'GET' && url.pathname === `/2020-05-31/function/${name}/describe`) {
        if ((url.searchParams.get('Stage') === 'LIVE' ? fn.live : fn.code) === undefined) return noSuch();
        return xml(200, summary(url.searchParams.get('Stage')!), `E${fn.etag}`);
      }
      if (req.method === 'POST' && url.pathname === '/2020-05-31/function') {
        fn.code = code();
        return xml(201, summary('DEVELOPMENT'), `E${++fn.etag}`);
      }
      if (req.method === 'PUT' && url.pathname === `/2020-05-31/function/${name}`) {
        if (req.headers['if-match'] !== `E${fn.etag}`)
          return xml(412, '<ErrorResponse><Error><Code>PreconditionFailed</Code><Message>etag</Message></Error></ErrorResponse>');
        fn.code = code();
        return xml(200, summary('DEVELOPMENT'), `E${++fn.etag}`);
      }
      if (req.method === 'POST' && url.pathname === `/2020-05-31/function/${name}/publish`) {
        if (req.headers['if-match'] !== `E${fn.etag}`)
          return xml(412, '<ErrorResponse><Error><Code>PreconditionFailed</Code><Message>etag</Message></Error></ErrorResponse>');
        fn.live = fn.code;
        return xml(200, summary('LIVE'));
      }
      if (req.method === 'GET' && url.pathname === `/2020-05-31/distribution/${DISTRIBUTION}/config`) return xml(200, distributionConfig(), 'EDIST1');
      if (req.method === 'PUT' && url.pathname === `/2020-05-31/distribution/${DISTRIBUTION}/config`) {
        associations = /<FunctionAssociations>.*<\/FunctionAssociations>/s.exec(body)![0];
        return xml(
          200,
          `<Distribution><Id>${DISTRIBUTION}</Id><ARN>arn</ARN><Status>InProgress</Status><LastModifiedTime>2026-01-01T00:00:00Z</LastModifiedTime><InProgressInvalidationBatches>0</InProgressInvalidationBatches><DomainName>d.cloudfront.net</DomainName>${distributionConfig()}</Distribution>`,
          'EDIST2',
        );
      }
      if (req.method === 'POST' && url.pathname === `/2020-05-31/distribution/${DISTRIBUTION}/invalidation`)
        return xml(201, `<Invalidation><Id>I1</Id><Status>InProgress</Status><CreateTime>2026-01-01T00:00:00Z</CreateTime></Invalidation>`);
      res.writeHead(404).end();
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

describe('deploy publishes the redirect map', () => {
  it('puts a redirect page with WebsiteRedirectLocation at each old path, and no map file', async () => {
    await runDeploy(settings(), output());
    const client = s3Client(endpoint);
    const keys = await listKeys(client, 'www/');
    expect(keys).toEqual(expect.arrayContaining(['jobs/index.html', 'blog/first-post/index.html', 'talks/index.html']));
    expect(keys.filter((k) => k.startsWith('_') || k.includes('old-blog') || k.includes('retired'))).toEqual([]);
    const cases: Array<[string, string, string]> = [
      ['jobs/index.html', '/careers/', 'https://fixture.example/careers/'],
      ['blog/first-post/index.html', '/blog/hello-world/', 'https://fixture.example/blog/hello-world/'],
      ['talks/index.html', 'https://talks.southbridge.dev/', 'https://talks.southbridge.dev/'],
    ];
    for (const [key, to, canonical] of cases) {
      const head = await headObject(client, `www/${key}`);
      expect([key, head.WebsiteRedirectLocation, head.ContentType, head.CacheControl]).toEqual([key, to, 'text/html; charset=utf-8', REVALIDATE]);
      const html = await getText(client, `www/${key}`);
      expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${to}">`);
      expect(html).toContain(`<link rel="canonical" href="${canonical}">`);
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
  }, 60_000);

  it('with --cloudfront: creates and publishes the function, and makes it the viewer-request function', async () => {
    calls.length = 0;
    const io = output();
    await runDeploy(settings({ cloudfront: DISTRIBUTION }), io);
    expect(io.text()).toContain(`CloudFront Function agency-site-redirects-${DISTRIBUTION}: published (5 redirects)`);
    expect(io.text()).toContain('(it replaced arn:aws:cloudfront::1:function/add-index)');
    expect(calls).toEqual(expect.arrayContaining(['POST /2020-05-31/function', `POST /2020-05-31/function/agency-site-redirects-${DISTRIBUTION}/publish`]));
    expect(associations).toContain(`<FunctionARN>arn:aws:cloudfront::1:function/agency-site-redirects-${DISTRIBUTION}</FunctionARN>`);
    expect(associations).toContain('<EventType>viewer-request</EventType>');
    expect(associations).not.toContain('add-index');
    // The published code answers as the map says.
    const handler = new Function(`${fn.live}\nreturn handler;`)() as (e: unknown) => {
      statusCode?: number;
      headers?: Record<string, { value: string }>;
      uri?: string;
    };
    const req = (uri: string) => ({ request: { uri, method: 'GET', querystring: {}, headers: {} } });
    expect(handler(req('/blog/first-post/')).headers?.location?.value).toBe('/blog/hello-world/');
    expect(handler(req('/old-blog/x/')).headers?.location?.value).toBe('/blog/x/');
    expect(handler(req('/retired/')).statusCode).toBe(410);
    expect(handler(req('/careers/')).uri).toBe('/careers/index.html');
  }, 60_000);

  it('a second deploy leaves the function and the distribution as they are', async () => {
    calls.length = 0;
    const io = output();
    await runDeploy(settings({ cloudfront: DISTRIBUTION }), io);
    expect(io.text()).toContain(`CloudFront Function agency-site-redirects-${DISTRIBUTION}: unchanged`);
    expect(calls.filter((c) => c.startsWith('PUT') || c.startsWith('POST /2020-05-31/function'))).toEqual([]);
  }, 60_000);

  it('refuses, before uploading anything, a map larger than the 10 KB a CloudFront Function may be', async () => {
    const rules = Array.from({ length: 300 }, (_, i) => `  - { from: /archive/2019/post-number-${i}/, to: /blog/ }`).join('\n');
    await writeFile(join(fixture.site, 'redirects.yaml'), `redirects:\n${rules}\n`);
    await buildFixture(fixture, { lock: 'write' });
    const client = s3Client(endpoint);
    const before = await listKeys(client, 'www/');
    calls.length = 0;
    const deploy = runDeploy(settings({ cloudfront: DISTRIBUTION }), output());
    await expect(deploy).rejects.toMatchObject({ data: { name: 'RedirectFunctionTooLarge' } });
    await expect(deploy).rejects.toThrow(/\d+ redirects make a CloudFront Function of \d+\.\d KB, more than the 10 KB CloudFront accepts/);
    expect(await listKeys(client, 'www/')).toEqual(before);
    expect(calls).toEqual([]);
  }, 60_000);
});
