import type { IncomingMessage, ServerResponse } from 'node:http';

export const EVENTS_PATH = '/__agency-site/events';
export const CLIENT_PATH = '/__agency-site/client.js';

/** `built` closes every successful rebuild (out/ complete); a tab needs only `reload` or `css`, tools may wait for it. */
export type DevEvent =
  { type: 'reload' } | { type: 'css'; href: string } | { type: 'error'; message: string } | { type: 'building' } | { type: 'built'; ms: number };

/**
 * Server-sent events to the open pages of `serve --watch`, and the small script that listens.
 * Each tab names its page (`?page=/blog/x/`), so a rebuild can reload it before the others.
 */
export function createDevEvents() {
  /** Each open stream, with the URL path of the page that opened it ('' when it did not say). */
  const clients = new Map<ServerResponse, string>();
  let lastError: DevEvent | undefined;

  /** To every tab, or to those whose page `to` accepts. */
  function send(event: DevEvent, to?: (page: string) => boolean): void {
    if (!to) lastError = event.type === 'error' ? event : event.type === 'building' ? lastError : undefined;
    const frame = `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
    for (const [res, page] of clients) if (!to || to(page)) res.write(frame);
  }

  /** The URL paths open in a tab, once each. */
  function openPages(): string[] {
    return [...new Set([...clients.values()].filter(Boolean))];
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const [path, query = ''] = (req.url ?? '').split('?');
    if (path === EVENTS_PATH) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write('retry: 500\n\n');
      // A page opened while the site is broken shows the error at once.
      if (lastError) res.write(`event: error\ndata: ${JSON.stringify(lastError)}\n\n`);
      clients.set(res, pageOf(query));
      req.on('close', () => clients.delete(res));
      return true;
    }
    if (path === CLIENT_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(CLIENT_SCRIPT);
      return true;
    }
    return false;
  }

  /** Ends every open stream: they never end by themselves, so a closing server would wait on them. */
  function close(): void {
    for (const res of clients.keys()) res.end();
    clients.clear();
  }

  return { send, handle, close, openPages, clientCount: () => clients.size };
}

/** The page a tab named, as a URL path ('/es/blog/x/'); '' for anything else. */
function pageOf(query: string): string {
  let page: string | null;
  try {
    // The tab sends location.pathname, percent-encoded as the browser keeps it; pages are planned decoded.
    page = decodeURIComponent(new URLSearchParams(query).get('page') ?? '');
  } catch {
    return '';
  }
  return page && page.startsWith('/') && !page.startsWith('//') && page.length < 2048 ? page : '';
}

export function injectClient(html: string): string {
  const tag = `<script type="module" src="${CLIENT_PATH}"></script>`;
  return html.includes('</body>') ? html.replace('</body>', `${tag}</body>`) : html + tag;
}

// Runs in the browser: reload on change, swap the stylesheet for CSS-only changes, overlay errors.
const CLIENT_SCRIPT = `
const source = new EventSource(${JSON.stringify(EVENTS_PATH)} + '?page=' + encodeURIComponent(location.pathname));
let broken = false;
function overlay(message) {
  let box = document.getElementById('agency-site-error');
  if (!box) {
    box = document.createElement('div');
    box.id = 'agency-site-error';
    box.setAttribute('role', 'alertdialog');
    box.setAttribute('aria-label', 'Build error');
    box.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(15,27,45,.94);color:#fff;padding:2rem;overflow:auto;font:14px/1.5 ui-monospace,Menlo,monospace';
    document.body.append(box);
  }
  box.innerHTML = '<p style="font:700 18px system-ui;color:#f6b40e;margin:0 0 1rem">The last change broke the build. Still showing the last good version.</p>';
  const pre = document.createElement('pre');
  pre.style.whiteSpace = 'pre-wrap';
  pre.textContent = message;
  box.append(pre);
}
source.addEventListener('error', (e) => { if (e.data) { broken = true; overlay(JSON.parse(e.data).message); } });
source.addEventListener('reload', () => location.reload());
source.addEventListener('css', (e) => {
  if (broken) return location.reload();
  const { href } = JSON.parse(e.data);
  const link = document.querySelector('link[rel="stylesheet"][href^="/assets/"]');
  if (link) link.href = href; else location.reload();
});
`;
