import type { Server } from 'node:http';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { buildSite } from '../../src/build/index.ts';
import { serveSite, type RequestHandler } from '../../src/serve/index.ts';
import { launchBrowser } from './browser.ts';
import { ROOT } from './fixture.ts';

export interface ServedSite {
  dir: string;
  /** The folder served: the run's shared build, or this test's own copy's. */
  out: string;
  base: string;
  browser: Browser;
  url: (path: string) => string;
  /** Builds again (after a test changed a copied site). */
  rebuild: () => Promise<unknown>;
  close: () => Promise<void>;
}

/**
 * The real site built once per test run, whichever browser test file asks first (the others wait):
 * seven cold builds of the same site cost minutes of a 2-core CI machine. Served read-only, and its
 * .cache seeds the copies tests change, so their first build reuses what it can.
 */
export async function sharedBuild(): Promise<{ out: string; cache: string }> {
  const runDir = inject('runDir');
  const shared = { out: join(runDir, 'real-site/out'), cache: join(runDir, 'real-site/.cache') };
  const [done, failed] = [join(runDir, 'real-site.done'), join(runDir, 'real-site.failed')];
  try {
    await mkdir(join(runDir, 'real-site'));
  } catch {
    while (!existsSync(done)) {
      if (existsSync(failed)) throw new Error('the shared build of the real site failed in another test file');
      await sleep(250);
    }
    return shared;
  }
  try {
    await buildSite({ siteDir: join(ROOT, 'site'), outDir: shared.out, cacheDir: shared.cache });
  } catch (error) {
    await writeFile(failed, String(error));
    throw error;
  }
  await writeFile(done, '');
  return shared;
}

/**
 * The real site built into a temporary folder, served on 127.0.0.1 like `serve` does, and a
 * Chromium to visit it. With `copy`, site/templates/locales are copied first so a test may change
 * them and rebuild.
 */
export async function startServedSite(options: { name: string; copy?: boolean; handlers?: (dir: string) => RequestHandler[] }): Promise<ServedSite> {
  const dir = await mkdtemp(join(tmpdir(), `agency-site-${options.name}-`));
  if (options.copy) for (const part of ['site', 'templates', 'locales']) await cp(join(ROOT, part), join(dir, part), { recursive: true });
  const shared = await sharedBuild();
  if (options.copy) await cp(shared.cache, join(dir, '.cache'), { recursive: true });
  const outDir = options.copy ? join(dir, 'out') : shared.out;
  const rebuild = options.copy
    ? () => buildSite({ siteDir: join(dir, 'site'), outDir, cacheDir: join(dir, '.cache') })
    : () => Promise.reject(new Error('startServedSite: rebuild needs { copy: true } (the shared build is read-only)'));
  if (options.copy) await rebuild();
  const { server, url: base } = await serveSite({
    outDir,
    port: 0,
    host: '127.0.0.1',
    locales: ['en', 'es'],
    handlers: options.handlers?.(dir) ?? [],
  });
  const browser = await launchBrowser();
  return {
    dir,
    out: outDir,
    base,
    browser,
    url: (path) => new URL(path, base).href,
    rebuild,
    async close() {
      await browser.close();
      await new Promise<void>((done) => (server as Server).close(() => done()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
