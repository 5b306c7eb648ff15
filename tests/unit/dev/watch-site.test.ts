import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../../src/build/index.ts';
import { createDevEvents, watchSite } from '../../../src/dev/index.ts';

// A tool listening to the events, on its own thread so it reads while the rebuild holds the main one.
const LISTENER = `
const { get } = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
get(workerData.url, (res) => {
  res.setEncoding('utf8');
  parentPort.postMessage({ type: 'open' });
  res.on('data', (chunk) => {
    for (const [, type] of chunk.matchAll(/^event: (\\w+)/gm)) parentPort.postMessage({ type, at: performance.timeOrigin + performance.now() });
  });
});
`;

type Received = { type: string; at?: number };
let cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
};

/** A project's three watched folders (and `extra` ones) and the dev events served on loopback: the URL of their stream. */
async function project(extra: string[]) {
  const root = await mkdtemp(join(tmpdir(), 'agency-site-watch-'));
  cleanup.push(() => rm(root, { recursive: true, force: true }));
  const dirs = { siteDir: join(root, 'site'), templatesDir: join(root, 'templates'), localesDir: join(root, 'locales') };
  for (const dir of [...Object.values(dirs), ...extra.map((rel) => join(root, rel))]) await mkdir(dir, { recursive: true });
  const events = createDevEvents();
  const server = createServer((req, res) => void events.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise((resolve) => (events.close(), server.close(resolve))));
  return { dirs, events, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/__agency-site/events` };
}

describe('watchSite', () => {
  it('tells listeners a rebuild started while it runs, not once it first pauses', async () => {
    const { dirs, events, url } = await project(['site/blog/en']);

    let heldUntil = 0;
    let built = false;
    const watcher = watchSite({
      ...dirs,
      send: events.send,
      // A rebuild whose first 400 ms hold the thread, as reading and planning a large site do.
      build: async () => {
        const start = performance.now();
        while (performance.now() - start < 400);
        heldUntil = performance.timeOrigin + performance.now();
        return { reload: 'page', stylesheets: [], durationMs: 400 } as unknown as BuildReport;
      },
      onBuilt: () => (built = true),
    });
    cleanup.push(() => watcher.close());
    await watcher.ready;

    const listener = new Worker(LISTENER, { eval: true, workerData: { url } });
    cleanup.push(() => listener.terminate());
    const received: Received[] = [];
    listener.on('message', (message: Received) => received.push(message));
    await until(() => received.length > 0 && events.clientCount() > 0);

    await writeFile(join(dirs.siteDir, 'blog/en/hello.md'), '---\ntitle: Hello\n---\n');
    await until(() => built && received.some((event) => event.type === 'built'));
    expect(received.map((event) => event.type)).toEqual(['open', 'building', 'reload', 'built']);
    expect(received.find((event) => event.type === 'building')!.at).toBeLessThan(heldUntil);
  });

  it('reloads the tabs on pages the build put in out/ first at once, and only the others at the end', async () => {
    const { dirs, events, url: base } = await project(['templates/pages']);

    let asked: readonly string[] = [];
    let reloadedEarly: boolean[] = [];
    const watcher = watchSite({
      ...dirs,
      send: events.send,
      openPages: events.openPages,
      // A template save: the open post and the home page are ready first, and the rest of the site
      // renders until their tabs have heard so (and 100 ms more, for a reload sent too early to others).
      build: async (_changed, hooks) => {
        asked = hooks.openPages?.() ?? [];
        hooks.onOpenPagesReady?.(['es/blog/café/index.html', 'index.html']);
        await until(() => [tabs[0]!, tabs[3]!].every((received) => received.some((event) => event.type === 'reload')));
        await new Promise((resolve) => setTimeout(resolve, 100));
        reloadedEarly = tabs.map((received) => received.some((event) => event.type === 'reload'));
        return { reload: 'page', stylesheets: [], durationMs: 300 } as unknown as BuildReport;
      },
    });
    cleanup.push(() => watcher.close());
    await watcher.ready;

    // Three tabs, and a tool that names no page (it is not on the home page, index.html).
    const tabs = ['/es/blog/caf%C3%A9/', '/careers/', '', '/'].map((page) => {
      const received: Received[] = [];
      // The query a tab's script sends: its location.pathname, encoded once more.
      const listener = new Worker(LISTENER, { eval: true, workerData: { url: page ? `${base}?page=${encodeURIComponent(page)}` : base } });
      cleanup.push(() => listener.terminate());
      listener.on('message', (message: Received) => received.push(message));
      return received;
    });
    await until(() => events.clientCount() === 4);

    await writeFile(join(dirs.templatesDir, 'pages/blog-post.tsx'), 'export default function BlogPost() { return null; }\n');
    await until(() => tabs.every((received) => received.some((event) => event.type === 'built')));
    const [post, careers, tool, home] = tabs.map((received) => received.filter((e) => e.type !== 'open'));
    expect([...asked].sort()).toEqual(['/', '/careers/', '/es/blog/café/']);
    expect(post!.map((e) => e.type)).toEqual(['building', 'reload', 'built']);
    expect(careers!.map((e) => e.type)).toEqual(['building', 'reload', 'built']);
    expect(tool!.map((e) => e.type)).toEqual(['building', 'reload', 'built']);
    expect(home!.map((e) => e.type)).toEqual(['building', 'reload', 'built']);
    // The open post and the home page reloaded when their pages were ready; the careers tab and the tool only once the build was done.
    expect(reloadedEarly).toEqual([true, false, false, true]);
  });
});
