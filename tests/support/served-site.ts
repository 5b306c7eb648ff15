import type { Server } from 'node:http';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { buildSite } from '../../src/build/index.ts';
import { serveSite, type RequestHandler } from '../../src/serve/index.ts';
import { launchBrowser } from './browser.ts';
import { ROOT } from './fixture.ts';

export interface ServedSite {
  dir: string;
  base: string;
  browser: Browser;
  url: (path: string) => string;
  /** Builds again (after a test changed a copied site). */
  rebuild: () => Promise<unknown>;
  close: () => Promise<void>;
}

/**
 * The real site built into a temporary folder, served on 127.0.0.1 like `serve` does, and a
 * Chromium to visit it. With `copy`, site/templates/locales are copied first so a test may change
 * them and rebuild.
 */
export async function startServedSite(options: { name: string; copy?: boolean; handlers?: (dir: string) => RequestHandler[] }): Promise<ServedSite> {
  const dir = await mkdtemp(join(tmpdir(), `agency-site-${options.name}-`));
  if (options.copy) for (const part of ['site', 'templates', 'locales']) await cp(join(ROOT, part), join(dir, part), { recursive: true });
  const siteDir = options.copy ? join(dir, 'site') : join(ROOT, 'site');
  const rebuild = () => buildSite({ siteDir, outDir: join(dir, 'out'), cacheDir: join(dir, '.cache') });
  await rebuild();
  const { server, url: base } = await serveSite({
    outDir: join(dir, 'out'),
    port: 0,
    host: '127.0.0.1',
    locales: ['en', 'es'],
    handlers: options.handlers?.(dir) ?? [],
  });
  const browser = await launchBrowser();
  return {
    dir,
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
