import type { ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeploy, type DeploySettings } from '../../src/deploy/index.ts';
import { buildFixture, copyFixture } from '../support/fixture.ts';
import { getText, listKeys, referencedAssets, s3Client, startCountingProxy, startS3, stopS3 } from './support.ts';

let fixture: Awaited<ReturnType<typeof copyFixture>>;
let s3: { port: number; child: ChildProcess };
let proxy: { server: Server; endpoint: string };
let killAt = Infinity;
let puts = 0;

const settings = (): DeploySettings => ({
  bucket: 'site',
  prefix: '',
  endpoint: proxy.endpoint,
  region: 'us-east-1',
  dryRun: false,
  maxDeletes: 256,
  keepAssetsDays: 7,
  outDir: fixture.out,
});
const quiet = { out: { write: () => true }, concurrency: 2 };

/** Every asset each HTML object loads, and every module those scripts import, must be in the bucket. */
async function missingAssets(): Promise<string[]> {
  const client = s3Client(proxy.endpoint);
  const keys = new Set(await listKeys(client));
  const missing: string[] = [];
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const key of keys) {
    if (!key.endsWith('.html')) continue;
    for (const url of referencedAssets(await getText(client, key))) queue.push(`${key} → ${url}`);
  }
  while (queue.length) {
    const item = queue.pop()!;
    const url = item.slice(item.lastIndexOf(' ') + 1);
    if (seen.has(url)) continue;
    seen.add(url);
    if (!keys.has(url.slice(1))) {
      missing.push(item);
      continue;
    }
    if (url.endsWith('.js'))
      for (const m of (await getText(client, url.slice(1))).matchAll(/(?:from|import\()\s*"(\/assets\/[^"]+\.js)"/g)) queue.push(`${url} → ${m[1]}`);
  }
  // The check must have something to check: the stylesheet, the runtime and its chunks at least.
  expect([...seen].filter((u) => u.endsWith('.css')).length).toBeGreaterThan(0);
  expect([...seen].filter((u) => u.startsWith('/assets/chunks/')).length).toBeGreaterThan(3);
  return missing;
}

async function restartS3(): Promise<void> {
  await stopS3(s3.child);
  s3 = await startS3(join(fixture.dir, 'bucket'));
}

beforeAll(async () => {
  fixture = await copyFixture('basic');
  await buildFixture(fixture);
  await mkdir(join(fixture.dir, 'bucket'));
  s3 = await startS3(join(fixture.dir, 'bucket'));
  proxy = await startCountingProxy(
    () => s3.port,
    () => {
      if (++puts === killAt) s3.child.kill('SIGKILL');
    },
  );
  await runDeploy(settings(), quiet);
}, 120_000);

afterAll(async () => {
  await stopS3(s3?.child);
  proxy?.server.close();
  await fixture?.cleanup();
});

describe('a deploy interrupted by the server going away', () => {
  it('leaves every HTML object with all its assets wherever it stops, and a re-run finishes the job', async () => {
    expect(await missingAssets()).toEqual([]);
    // A new stylesheet hash (so every page's HTML changes) and a changed post.
    const css = join(fixture.dir, 'templates/styles/base.css');
    await writeFile(css, (await readFile(css, 'utf8')).replace('--navy: #0f1b2d', '--navy: #101c2e'));
    const post = join(fixture.site, 'blog/en/first-post.md');
    await writeFile(post, (await readFile(post, 'utf8')) + '\nOne more paragraph, added after the first deploy.\n');
    await buildFixture(fixture);
    // Stop it among the assets, at the first page (its request reaches a dead server), and among the pages.
    const stops = [(_before: number) => 2, (before: number) => before + 1, (before: number) => before + 3];
    for (const stopAt of stops) {
      const { plan } = await runDeploy({ ...settings(), dryRun: true }, quiet);
      const before = plan.groups.slice(0, 3).reduce((n, g) => n + g.files.length, 0);
      expect(plan.groups[3]!.files.length).toBeGreaterThan(3);
      const kept = await listKeys(s3Client(proxy.endpoint));
      puts = 0;
      killAt = stopAt(before);
      await expect(runDeploy(settings(), quiet)).rejects.toThrow(/Cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONN/);
      killAt = Infinity;
      await restartS3();
      expect(await missingAssets()).toEqual([]);
      expect((await listKeys(s3Client(proxy.endpoint))).length).toBeGreaterThanOrEqual(kept.length);
    }
    killAt = Infinity;
    const rerun = await runDeploy(settings(), quiet);
    expect(rerun.uploaded).toBeGreaterThan(0);
    expect(await missingAssets()).toEqual([]);
    expect(await getText(s3Client(proxy.endpoint), 'blog/first-post/index.html')).toContain('One more paragraph, added after the first deploy.');
    expect((await runDeploy(settings(), quiet)).uploaded).toBe(0);
  }, 120_000);
});
