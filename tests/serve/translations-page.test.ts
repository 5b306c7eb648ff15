import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslationsPage, TRANSLATIONS_PATH } from '../../src/dev/index.ts';
import { copyFixture } from '../support/fixture.ts';

let f: Awaited<ReturnType<typeof copyFixture>>;
let server: Server;
let base: string;
const env = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Lucía',
  GIT_AUTHOR_EMAIL: 'lucia@southbridge.dev',
  GIT_COMMITTER_NAME: 'Lucía',
  GIT_COMMITTER_EMAIL: 'lucia@southbridge.dev',
  GIT_AUTHOR_DATE: '@1767225600 +0000',
  GIT_COMMITTER_DATE: '@1767225600 +0000',
};

beforeAll(async () => {
  f = await copyFixture('basic');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], { cwd: f.dir, env });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'The fixture site');
  const handle = createTranslationsPage({ siteDir: f.site });
  server = createServer((req, res) => void handle(req, res).then((done) => done || res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await f.cleanup();
});

describe('serve --watch: /__translations/', () => {
  it('lists what to translate, each row linking to the file and line to edit and to both pages', async () => {
    const res = await fetch(base + TRANSLATIONS_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<script type="module" src="/__agency-site/client.js"></script>');
    const missing = /<tr class="missing"><td>missing<\/td><td>es<\/td><td>message<\/td><td>landing\.services\.title<\/td>.*?<\/tr>/.exec(html)?.[0];
    expect(missing).toContain(`href="vscode://file${join(f.dir, 'locales/es.yaml')}"`);
    const post = /<tr class="missing"><td>missing<\/td><td>en<\/td><td>post<\/td><td>blog solo-en-espanol<\/td>.*?<\/tr>/.exec(html)?.[0];
    expect(post).toContain('<a hreflang="es" href="/es/blog/solo-en-espanol/">es</a>');
  });

  it('shows an English edit saved a moment ago as an outdated row on the next load', async () => {
    const file = join(f.site, 'blog/en/first-post.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('## Hello', '## Hello\n\nA new paragraph.'));
    const html = await (await fetch(base + TRANSLATIONS_PATH)).text();
    const row = /<tr class="outdated"><td>outdated<\/td><td>es<\/td><td>post<\/td><td>blog first<\/td>.*?<\/tr>/.exec(html)?.[0];
    expect(row).toContain(`href="vscode://file${join(f.site, 'blog/es/primer-articulo.md')}:1"`);
    expect(row).toContain('<a hreflang="en" href="/blog/first-post/">en</a> · <a hreflang="es" href="/es/blog/primer-articulo/">es</a>');
  });
});
