import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/build/index.ts';
import { SiteError } from '../../src/errors/index.ts';
import { allMatches, buildFixture, copyFixture, read } from '../support/fixture.ts';

// A blog as Gatsby and Hugo write it: posts as folders with translations and images beside them,
// a post under its locale folder, an old-style post reaching a shared folder with ../, an animated
// GIF, an SVG with a script, a 120-px icon, an upper-case extension and one screenshot saved
// under an English and a Spanish name.
let fixture: Awaited<ReturnType<typeof copyFixture>>;
let report: BuildReport;

beforeAll(async () => {
  fixture = await copyFixture('migrated-blog');
  report = await buildFixture(fixture);
}, 180_000);
afterAll(() => fixture.cleanup());

const html = (rel: string) => read(fixture.out, rel);
const imageUrls = (page: string) => allMatches(page, /<img[^>]*\ssrc="([^"]+)"/).map(([src]) => src!);
const fileOf = (url: string) => join(fixture.out, url.replace(/^\//, ''));

describe('a blog moved in from Gatsby or Hugo', () => {
  it('publishes each layout in both languages: a folder with index.md and index.es.md, a locale folder, a plain file', async () => {
    for (const page of [
      'blog/memory-leaks-in-node/index.html',
      'es/blog/memory-leaks-in-node/index.html',
      'blog/zero-downtime-deploys/index.html',
      'es/blog/despliegues-sin-cortes/index.html',
    ]) {
      expect(existsSync(join(fixture.out, page)), page).toBe(true);
    }
    expect(await html('es/blog/memory-leaks-in-node/index.html')).toContain('<html lang="es"');
    expect(report.pages).toBeGreaterThan(0);
  });

  it('pairs translations in one folder by the folder name, and across folders by translationKey', async () => {
    const en = await html('blog/memory-leaks-in-node/index.html');
    expect(en).toContain('hrefLang="es" href="https://fixture.example/es/blog/memory-leaks-in-node/"');
    const es = await html('es/blog/despliegues-sin-cortes/index.html');
    expect(es).toContain('hrefLang="en" href="https://fixture.example/blog/zero-downtime-deploys/"');
    expect(await html('blog/zero-downtime-deploys/index.html')).toContain('hrefLang="es" href="https://fixture.example/es/blog/despliegues-sin-cortes/"');
  });

  it('publishes every image the posts show, relative to their own folder, and the page points at it', async () => {
    const en = await html('blog/memory-leaks-in-node/index.html');
    const urls = imageUrls(en);
    // The screenshot, the upper-case .PNG, the SVG and the decorative icon.
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const url of urls) expect(existsSync(fileOf(url)), url).toBe(true);
    expect(en).toMatch(/<img[^>]*src="\/assets\/images\/terminal\.[0-9a-f]{10}\.480\.png"/);
    const es = await html('es/blog/despliegues-sin-cortes/index.html');
    expect(imageUrls(es).length).toBe(1);
    for (const url of imageUrls(es)) expect(existsSync(fileOf(url)), url).toBe(true);
  });

  it('publishes a screenshot saved under two names once, and both pages show the same files', async () => {
    const en = imageUrls(await html('blog/memory-leaks-in-node/index.html')).find((u) => u.includes('.640.'))!;
    const es = imageUrls(await html('es/blog/memory-leaks-in-node/index.html')).find((u) => u.includes('.640.'))!;
    expect(en).toBe(es);
    const names = await readdir(join(fixture.out, 'assets/images'));
    expect(names.filter((n) => n.startsWith('captura-del-heap.') || n.startsWith('heap-snapshot.')).every((n) => n.startsWith('captura-del-heap.'))).toBe(true);
  });

  it('keeps the GIF animated: an animated WebP with the GIF as fallback, sized like other images', async () => {
    const page = await html('blog/zero-downtime-deploys/index.html');
    const webp = /\/assets\/images\/rolling-deploy\.[0-9a-f]{10}\.400\.webp/.exec(page)?.[0];
    expect(webp).toBeDefined();
    expect(page).toMatch(/<source type="image\/webp" srcSet="[^"]*rolling-deploy[^"]*320\.webp 320w/);
    expect((await sharp(fileOf(webp!), { animated: true }).metadata()).pages).toBe(4);
    const gif = imageUrls(page).find((u) => u.endsWith('.gif'))!;
    expect((await sharp(fileOf(gif), { animated: true }).metadata()).pages).toBe(4);
    expect(page).toMatch(/<img src="[^"]+\.gif"[^>]*width="400" height="160"/);
  });

  it('publishes the SVG without its script or event handler', async () => {
    const svgUrl = imageUrls(await html('blog/memory-leaks-in-node/index.html')).find((u) => u.endsWith('.svg'))!;
    const svg = await readFile(fileOf(svgUrl), 'utf8');
    expect(svg).toContain('<title>');
    expect(svg).not.toMatch(/<script|onload|document\.cookie/i);
  });

  it('never upscales the 120-px icon and publishes no width twice', async () => {
    const names = (await readdir(join(fixture.out, 'assets/images'))).filter((n) => n.startsWith('leak-icon.'));
    const widths = names.map((n) => Number(n.split('.').at(-2)));
    expect(new Set(widths)).toEqual(new Set([120]));
    expect(names.filter((n) => n.endsWith('.png'))).toHaveLength(1);
  });

  it('publishes a PDF linked from both translations and points the links at it', async () => {
    for (const page of ['blog/memory-leaks-in-node/index.html', 'es/blog/memory-leaks-in-node/index.html']) {
      expect(await html(page)).toContain('href="/files/blog/memory-leaks-in-node/leak-checklist.pdf"');
    }
    expect((await readFile(join(fixture.out, 'files/blog/memory-leaks-in-node/leak-checklist.pdf'), 'utf8')).startsWith('%PDF-')).toBe(true);
  });

  it('keeps headings that start at h3 and links to the old URLs as written', async () => {
    const en = await html('blog/memory-leaks-in-node/index.html');
    expect(en).toMatch(/<h3[^>]*>Start from the symptom<\/h3>/);
    expect(en).toContain('href="/finding-memory-leaks/"');
  });

  it("resolves a relative image in a page's markdown body against that file's folder", async () => {
    const urls = imageUrls(await html('careers/index.html'));
    expect(urls.some((u) => /\/assets\/images\/team-board\.[0-9a-f]{10}\.300\.png$/.test(u))).toBe(true);
    for (const url of urls) expect(existsSync(fileOf(url)), url).toBe(true);
  });

  it('keeps the raw HTML a blog needs, removes the rest and says so at its line', async () => {
    const page = await html('blog/zero-downtime-deploys/index.html');
    for (const kept of [
      '<kbd>Ctrl</kbd>',
      '<abbr title="deregistration delay">delay</abbr>',
      '<mark>already gone</mark>',
      '<summary>Why not stop every server at once?</summary>',
      '<figcaption>Four servers, one step each</figcaption>',
    ])
      expect(page).toContain(kept);
    // React writes <!-- --> between adjacent text nodes: the <font>'s text stays, its element goes.
    expect(page).toMatch(/printed in (<!-- -->)?red(<!-- -->)? on the wall/);
    expect(page).not.toMatch(/<font|hijacked|onerror|<iframe/);
    const lost = report.warnings.filter((w) => w.text.includes('zero-downtime-deploys.md') || w.text.includes('despliegues-sin-cortes'));
    expect(lost.map((w) => w.name)).toEqual(Array(4).fill('RawHtmlRemoved'));
    expect(lost.map((w) => w.text)).toEqual([
      expect.stringMatching(/site\/blog\/en\/zero-downtime-deploys\.md:37: <font> removed, its text kept/),
      expect.stringMatching(/site\/blog\/en\/zero-downtime-deploys\.md:39: <script> removed with its content/),
      expect.stringMatching(/site\/blog\/en\/zero-downtime-deploys\.md:41: onerror="alert\(1\)" removed from <img>/),
      expect.stringMatching(/site\/blog\/es\/despliegues-sin-cortes\/index\.md:24: <font> removed, its text kept/),
    ]);
  });

  it('renders the YouTube iframe as a click-to-load placeholder, and the CSP allows that host for frames', async () => {
    const page = await html('blog/zero-downtime-deploys/index.html');
    expect(page).toMatch(
      /<div class="embed" data-embed-src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ" data-embed-title="Rolling deploy walkthrough, 4 minutes">/,
    );
    expect(await read(fixture.out, '_headers')).toContain("frame-src 'self' https://www.youtube-nocookie.com");
  });

  it('shows fence titles and marked lines, in both languages and as Hugo writes them', async () => {
    const en = await html('blog/zero-downtime-deploys/index.html');
    expect(en).toMatch(/<figure class="code-block"><figcaption class="code-title">drain\.js<\/figcaption><pre class="line-numbers"/);
    expect(allMatches(en, /<mark class="code-line">/g)).toHaveLength(2);
    const es = await html('es/blog/despliegues-sin-cortes/index.html');
    expect(allMatches(es, /<mark class="code-line">/g)).toHaveLength(2);
    expect(es).not.toContain('language-jsx{');
    // Hugo's attributes: numbered lines and lines 3, 5 and 6 marked.
    const hugo = await html('blog/memory-leaks-in-node/index.html');
    expect(hugo).toMatch(/<pre class="line-numbers"[^>]*aria-label="JavaScript code example"/);
    expect(allMatches(hugo, /<mark class="code-line">/g)).toHaveLength(3);
    expect(hugo).not.toContain('hl_lines');
  });

  it('leaves no staging folder beside out/', async () => {
    expect((await readdir(fixture.dir)).filter((n) => n.includes('staging'))).toEqual([]);
  });
});

describe('problems in a moved blog', () => {
  const withPost = async (rel: string, text: string) => {
    const f = await copyFixture('migrated-blog');
    await mkdir(dirname(join(f.site, rel)), { recursive: true });
    await writeFile(join(f.site, rel), text);
    return f;
  };

  it('reports every problem of every post at once, each at its line', async () => {
    const f = await withPost(
      'blog/imgur-post/index.md',
      [
        '---',
        'title: Screenshots from imgur',
        'description: A post whose images live on another site.',
        'date: 2026-03-01',
        '---',
        '',
        '![Step one](https://i.imgur.com/one.png)',
        '',
        '![Step two](https://i.imgur.com/two.png)',
        '',
        '![Step three](./missing-step.png)',
        '',
      ].join('\n'),
    );
    try {
      await writeFile(
        join(f.site, 'blog/memory-leaks-in-node/index.es.md'),
        (await readFile(join(f.site, 'blog/memory-leaks-in-node/index.es.md'), 'utf8')).replace('(captura-del-heap.png)', '(captura.png)'),
      );
      const error = (await buildFixture(f).then(
        () => undefined,
        (e: unknown) => e,
      )) as SiteError;
      expect(error).toBeInstanceOf(SiteError);
      expect(error.data.name).toBe('ManyProblems');
      const problems = error.data.problems!.map((p) => [p.name, p.location?.file.replace(/.*\/site\//, ''), p.location?.line]);
      expect(problems).toEqual(
        expect.arrayContaining([
          ['ExternalImage', 'blog/imgur-post/index.md', 7],
          ['ExternalImage', 'blog/imgur-post/index.md', 9],
          ['MissingImage', 'blog/imgur-post/index.md', 11],
          ['MissingImage', 'blog/memory-leaks-in-node/index.es.md', 12],
        ]),
      );
      expect(problems).toHaveLength(4);
      expect(error.data.problems![0]!.hint).toContain('beside the post');
      expect((await readdir(f.dir)).filter((n) => n.includes('staging'))).toEqual([]);
    } finally {
      await f.cleanup();
    }
  }, 180_000);

  it('names every markdown file it would not publish, and Hugo front matter, at once', async () => {
    const post = (front: string[], body = 'Rolling deploys, told again for the new site.') => ['---', ...front, '---', '', body, ''].join('\n');
    const basics = ['title: Deploys we made in 2024', 'description: What a year of rolling deploys taught us.', 'date: 2024-06-10'];
    // As a Hugo site keeps them: year and month folders, a section page, a third language,
    // TOML front matter, and a field only Hugo's theme knew.
    const f = await withPost('blog/2024/june/deploys-in-2024/index.md', post(basics));
    try {
      await writeFile(join(f.site, 'blog/_index.md'), post(['title: Blog']));
      await writeFile(join(f.site, 'blog/memory-leaks-in-node/index.de.md'), post(basics));
      // A Hugo section: posts as files in a folder of their own, one problem for the folder.
      await mkdir(join(f.site, 'blog/posts'));
      for (const name of ['rolling-deploys.md', 'feature-flags.md', 'feature-flags.es.md']) await writeFile(join(f.site, 'blog/posts', name), post(basics));
      await mkdir(join(f.site, 'blog/toml-post'));
      await writeFile(
        join(f.site, 'blog/toml-post/index.md'),
        ['+++', 'title = "Deploys we made in 2024"', 'date = "2024-06-10"', '+++', '', 'Rolling deploys.', ''].join('\n'),
      );
      await mkdir(join(f.site, 'blog/weighted-post'));
      await writeFile(join(f.site, 'blog/weighted-post/index.md'), post([...basics, 'weight: 3']));
      const error = (await buildFixture(f).then(
        () => undefined,
        (e: unknown) => e,
      )) as SiteError;
      expect(error).toBeInstanceOf(SiteError);
      const problems = error.data.problems!.map((p) => [p.name, p.location?.file.replace(/.*\/site\//, ''), p.location?.line, p.message]);
      expect(problems).toEqual([
        [
          'UnplacedPostFile',
          'blog/2024/june/deploys-in-2024/index.md',
          undefined,
          expect.stringMatching(/not published: it is 3 folders deep.*move its folder to site\/blog\/deploys-in-2024\/\.$/),
        ],
        ['UnplacedPostFile', 'blog/_index.md', undefined, expect.stringContaining('a Hugo section page (_index.md)')],
        [
          'UnplacedPostFile',
          'blog/memory-leaks-in-node/index.de.md',
          undefined,
          expect.stringContaining('written in "de", and this site\'s locales are en, es'),
        ],
        [
          'UnplacedPostFile',
          'blog/posts/feature-flags.es.md',
          undefined,
          'These 3 files are not published (feature-flags.es.md, feature-flags.md, rolling-deploys.md): site/blog/posts/ holds posts as files, as a Hugo section does; here a post is site/blog/<locale>/<slug>.md or a folder of its own: move them to site/blog/en/ (and translations to site/blog/<locale>/).',
        ],
        ['MissingFrontMatter', 'blog/toml-post/index.md', 1, expect.stringContaining('This front matter is TOML, between "+++" lines')],
        ['InvalidField', 'blog/weighted-post/index.md', 5, 'Field "(root)": unknown key "weight".'],
      ]);
    } finally {
      await f.cleanup();
    }
  }, 180_000);

  it("reports Hugo's shortcodes at their lines, and leaves shortcodes and image syntax in code alone", async () => {
    const f = await withPost(
      'blog/writing-posts/index.md',
      [
        '---',
        'title: Writing posts in markdown',
        'description: Images, links and the Hugo shortcodes we left behind.',
        'date: 2026-03-03',
        '---',
        '',
        'Write an image as `![Deploy chart](https://example.com/chart.png)`, with its file beside the post.',
        '',
        '{{< gallery match="shots/*" >}}',
        '',
        'In Hugo we wrote `{{< youtube id >}}`; here a video is an iframe.',
        '',
        '```md',
        '{{< figure src="deploy.png" >}}',
        '![Deploy chart](https://example.com/chart.png)',
        '```',
        '',
        'Before you publish: {{% notice tip %}}keep the alt text short{{% /notice %}}',
        '',
      ].join('\n'),
    );
    try {
      const error = (await buildFixture(f).then(
        () => undefined,
        (e: unknown) => e,
      )) as SiteError;
      expect(error).toBeInstanceOf(SiteError);
      const problems = (error.data.problems ?? [error.data]).map((p) => [
        p.name,
        p.location?.file.replace(/.*\/site\//, ''),
        p.location?.line,
        p.location?.column,
        p.message,
      ]);
      expect(problems).toEqual([
        ['HugoShortcode', 'blog/writing-posts/index.md', 9, 1, expect.stringMatching(/^\{\{< gallery match="shots\/\*" >\}\} is Hugo's "gallery" shortcode/)],
        ['HugoShortcode', 'blog/writing-posts/index.md', 18, 21, expect.stringMatching(/^\{\{% notice tip %\}\} is Hugo's "notice" shortcode/)],
      ]);
    } finally {
      await f.cleanup();
    }
  }, 180_000);

  it('gives a post written with # headings one h1, its title: the repeated title goes, the outline moves one level down (en and es)', async () => {
    const f = await withPost(
      'blog/leaving-the-monolith/index.md',
      [
        '---',
        'title: Leaving the monolith, one service at a time',
        'description: How we split a Rails monolith without a freeze on features.',
        'date: 2026-03-06',
        '---',
        '',
        '# Leaving the monolith, one service at a time',
        '',
        'We moved billing out first, because it changed least often.',
        '',
        '# What we moved first',
        '',
        '## Billing',
        '',
      ].join('\n'),
    );
    try {
      await writeFile(
        join(f.site, 'blog/leaving-the-monolith/index.es.md'),
        [
          '---',
          'title: Salir del monolito, un servicio por vez',
          'description: Cómo dividimos un monolito de Rails sin frenar las funcionalidades nuevas.',
          'date: 2026-03-06',
          '---',
          '',
          '# Salir del monolito, un servicio por vez',
          '',
          'Primero sacamos la facturación, porque era lo que menos cambiaba.',
          '',
          '# Qué movimos primero',
          '',
          '## Facturación',
          '',
        ].join('\n'),
      );
      await buildFixture(f);
      for (const [file, title, section, sub] of [
        ['blog/leaving-the-monolith/index.html', 'Leaving the monolith, one service at a time', 'What we moved first', 'Billing'],
        ['es/blog/leaving-the-monolith/index.html', 'Salir del monolito, un servicio por vez', 'Qué movimos primero', 'Facturación'],
      ] as const) {
        const page = await read(f.out, file);
        expect(allMatches(page, /<h1[^>]*>([^<]*)<\/h1>/), file).toEqual([[title]]);
        // The body opens with its first paragraph: the heading that repeated the title is gone.
        expect(page.slice(page.indexOf('class="prose">')), file).toMatch(/^class="prose">\s*<p>(We moved|Primero sacamos)/);
        expect(page).toMatch(new RegExp(`<h2 id="[^"]+">${section}</h2>`));
        expect(page).toMatch(new RegExp(`<h3 id="[^"]+">${sub}</h3>`));
      }
    } finally {
      await f.cleanup();
    }
  }, 180_000);

  it('publishes a video, its poster and its sound saved beside the post, points the page at them, and names one that is missing', async () => {
    const f = await withPost(
      'blog/deploy-screencast/index.md',
      [
        '---',
        'title: The rolling deploy, recorded',
        'description: Four servers updated one at a time, as the dashboard showed it.',
        'date: 2026-03-04',
        '---',
        '',
        'The recording, from the first drain to the last health check:',
        '',
        '<video controls poster="first-frame.png" src="deploy.mp4"></video>',
        '',
        '<audio controls><source src="./narration.mp3" type="audio/mpeg"></audio>',
        '',
      ].join('\n'),
    );
    try {
      // Stand-ins for the media: the build publishes them as they are, without reading them.
      await writeFile(join(f.site, 'blog/deploy-screencast/deploy.mp4'), 'a screencast of the deploy');
      await writeFile(join(f.site, 'blog/deploy-screencast/narration.mp3'), 'the narration');
      const frame = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#14324a' } })
        .png()
        .toBuffer();
      await writeFile(join(f.site, 'blog/deploy-screencast/first-frame.png'), frame);
      await buildFixture(f);
      const page = await read(f.out, 'blog/deploy-screencast/index.html');
      // The poster is an image of the site: published by the image step, at its largest size.
      const [poster] = allMatches(page, /<video controls="" poster="([^"]+)" src="\/files\/blog\/deploy-screencast\/deploy\.mp4">/);
      expect(poster?.[0]).toMatch(/^\/assets\/images\/first-frame\.\w+\.640\.png$/);
      expect((await sharp(join(f.out, poster![0]!)).metadata()).width).toBe(640);
      expect(page).toContain('<source src="/files/blog/deploy-screencast/narration.mp3" type="audio/mpeg"/>');
      expect(await read(f.out, 'files/blog/deploy-screencast/deploy.mp4')).toBe('a screencast of the deploy');
      expect(await read(f.out, 'files/blog/deploy-screencast/narration.mp3')).toBe('the narration');

      const post = join(f.site, 'blog/deploy-screencast/index.md');
      await writeFile(post, (await readFile(post, 'utf8')).replace('src="deploy.mp4"', 'src="deploy-final.mp4"'));
      const error = (await buildFixture(f).then(
        () => undefined,
        (e: unknown) => e,
      )) as SiteError;
      expect(error).toBeInstanceOf(SiteError);
      expect([error.data.name, error.data.location?.file.replace(/.*\/site\//, ''), error.data.location?.line, error.message]).toEqual([
        'MissingImage',
        'blog/deploy-screencast/index.md',
        9,
        'deploy-final.mp4 does not exist: site/blog/deploy-screencast/deploy-final.mp4 is not there.',
      ]);
      await writeFile(post, (await readFile(post, 'utf8')).replace('src="deploy-final.mp4"', 'src="deploy.mp4"').replace('first-frame.png', 'last-frame.png'));
      const posterError = (await buildFixture(f).then(
        () => undefined,
        (e: unknown) => e,
      )) as SiteError;
      expect([posterError.data.name, posterError.data.location?.line, posterError.message]).toEqual([
        'MissingImage',
        9,
        expect.stringMatching(/^last-frame\.png does not exist/),
      ]);
    } finally {
      await f.cleanup();
    }
  }, 180_000);

  it('keeps images of a host site.yaml allows, and the CSP allows that host for images', async () => {
    const f = await withPost(
      'blog/diagrams/index.md',
      [
        '---',
        'title: Diagrams we host elsewhere',
        'description: A post with an image from an allowed host.',
        'date: 2026-03-02',
        '---',
        '',
        '![Architecture diagram](https://diagrams.example.com/arch.png)',
        '',
      ].join('\n'),
    );
    try {
      await writeFile(join(f.site, 'site.yaml'), (await readFile(join(f.site, 'site.yaml'), 'utf8')) + 'images:\n  remoteHosts: [diagrams.example.com]\n');
      await buildFixture(f);
      expect(await read(f.out, 'blog/diagrams/index.html')).toMatch(
        /<img src="https:\/\/diagrams\.example\.com\/arch\.png" alt="Architecture diagram" loading="lazy"/,
      );
      expect(await read(f.out, '_headers')).toMatch(/img-src 'self' data: https:\/\/diagrams\.example\.com/);
    } finally {
      await f.cleanup();
    }
  }, 180_000);
});
