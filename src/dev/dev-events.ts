import type { IncomingMessage, ServerResponse } from 'node:http';

export const EVENTS_PATH = '/__agency-site/events';
export const CLIENT_PATH = '/__agency-site/client.js';

/** `built` closes every successful rebuild (out/ complete); a tab needs only `reload` or `css`, tools may wait for it. */
export type DevEvent =
  { type: 'reload' } | { type: 'css'; href: string } | { type: 'error'; message: string } | { type: 'building' } | { type: 'built'; ms: number };

/** Server-sent events to the open pages of `serve --watch`, and the small script that listens. */
export function createDevEvents() {
  const clients = new Set<ServerResponse>();
  let lastError: DevEvent | undefined;

  function send(event: DevEvent): void {
    lastError = event.type === 'error' ? event : event.type === 'building' ? lastError : undefined;
    const frame = `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
    for (const res of clients) res.write(frame);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const path = (req.url ?? '').split('?')[0];
    if (path === EVENTS_PATH) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write('retry: 500\n\n');
      // A page opened while the site is broken shows the error at once.
      if (lastError) res.write(`event: error\ndata: ${JSON.stringify(lastError)}\n\n`);
      clients.add(res);
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
    for (const res of clients) res.end();
    clients.clear();
  }

  return { send, handle, close, clientCount: () => clients.size };
}

export function injectClient(html: string): string {
  const tag = `<script type="module" src="${CLIENT_PATH}"></script>`;
  return html.includes('</body>') ? html.replace('</body>', `${tag}</body>`) : html + tag;
}

// Runs in the browser: reload on change, swap the stylesheet for CSS-only changes, overlay errors.
const CLIENT_SCRIPT = `
const source = new EventSource(${JSON.stringify(EVENTS_PATH)});
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
