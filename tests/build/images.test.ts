import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/build/index.ts';
import { SiteError } from '../../src/errors/index.ts';
import { variantWidths, wrapTitle } from '../../src/images/index.ts';
import { buildFixture, copyFixture, read, ROOT } from '../support/fixture.ts';

type Fixture = Awaited<ReturnType<typeof copyFixture>>;

/** The basic fixture with the real site's images and a post that shows one. */
async function withImages(): Promise<Fixture> {
  const f = await copyFixture('basic');
  await cp(join(ROOT, 'site/images'), join(f.site, 'images'), { recursive: true });
  const post = join(f.site, 'blog/en/first-post.md');
  await writeFile(
    post,
    (await readFile(post, 'utf8')).replace(
      '## Hello\n',
      '## Hello\n\n![The phases of the event loop](/images/event-loop-phases.png)\n\nText between.\n\n![](/images/buenos-aires-at-dusk.jpg "decorative")\n',
    ),
  );
  // A post whose only image closes it, well below the first screen.
  const spanish = join(f.site, 'blog/es/primer-articulo.md');
  await writeFile(spanish, (await readFile(spanish, 'utf8')) + LATE_IMAGE);
  await writeFile(join(f.site, 'images/mark.svg'), DRAWN_SVG);
  return f;
}

const LATE_IMAGE = `
El event loop de Node.js corre tu código en un solo hilo. Mientras un callback se ejecuta, nada más avanza: ni otra petición, ni un timer, ni el health check que tu balanceador consulta cada pocos segundos.

Por eso un cálculo pesado dentro de un handler frena todo el proceso. La salida es moverlo a un worker thread, partirlo en pedazos con setImmediate o sacarlo a otro servicio, según cuánto tarde y cuántas veces ocurra por minuto.

Antes de optimizar, medí: un perfil de CPU de diez segundos bajo carga real muestra qué función ocupa el hilo, y casi nunca es la que sospechabas al empezar.

![Las fases del event loop](/images/event-loop-phases.png)
`;

// As a drawing program saves it: a comment, editor metadata and needless precision.
const DRAWN_SVG = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with a vector editor -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="120" height="60" viewBox="0 0 120 60" inkscape:version="1.3">
  <title>Southbridge mark</title>
  <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description about="mark"/></rdf:RDF></metadata>
  <g inkscape:label="Layer 1" id="layer1">
    <rect x="10.000000" y="10.000000" width="40.000000" height="40.000000" style="fill:#1d4ed8;fill-opacity:1;stroke:none" />
    <circle cx="85.0000" cy="30.0000" r="20.0000" fill="#f59e0b" />
  </g>
</svg>
`;

describe('images', () => {
  let f: Fixture;
  let cold: BuildReport;
  beforeAll(async () => {
    f = await withImages();
    cold = await buildFixture(f);
  });
  afterAll(() => f.cleanup());

  it('publishes every width up to the configured maximum in AVIF, WebP and the original format', async () => {
    expect(variantWidths(2400, 1170)).toEqual([320, 480, 650, 960, 1170]);
    expect(variantWidths(500, 1170)).toEqual([320, 480, 500]);
    const files = await readdir(join(f.out, 'assets/images'));
    for (const ext of ['avif', 'webp', 'jpg']) expect(files.filter((n) => n.startsWith('buenos-aires-at-dusk.') && n.endsWith(`.1170.${ext}`))).toHaveLength(1);
    expect(files.some((n) => n.startsWith('event-loop-phases.') && n.endsWith('.png'))).toBe(true);
    const jpg = files.find((n) => n.startsWith('buenos-aires-at-dusk.') && n.endsWith('.650.jpg'))!;
    expect((await sharp(join(f.out, 'assets/images', jpg)).metadata()).width).toBe(650);
    expect(cold.images!.outputBytes).toBeGreaterThan(0);
  });

  it('encodes each width as if straight from the original, a PNG keeping its density', async () => {
    // The build decodes and resizes once per width; the files must be what encoding the original gives.
    const files = await readdir(join(f.out, 'assets/images'));
    const published = (prefix: string, suffix: string) =>
      readFile(
        join(
          f.out,
          'assets/images',
          files.find((n) => n.startsWith(prefix) && n.endsWith(suffix))!,
        ),
      );
    const photo = sharp(await readFile(join(ROOT, 'site/images/buenos-aires-at-dusk.jpg')))
      .rotate()
      .resize({ width: 480 });
    expect((await published('buenos-aires-at-dusk.', '.480.avif')).equals(await photo.clone().avif({ quality: 50, effort: 2 }).toBuffer())).toBe(true);
    expect((await published('buenos-aires-at-dusk.', '.480.webp')).equals(await photo.clone().webp({ quality: 80 }).toBuffer())).toBe(true);
    expect((await published('buenos-aires-at-dusk.', '.480.jpg')).equals(await photo.clone().jpeg({ quality: 80, mozjpeg: true }).toBuffer())).toBe(true);
    const png = await published('event-loop-phases.', '.480.png');
    expect((await sharp(png).metadata()).density).toBe((await sharp(join(ROOT, 'site/images/event-loop-phases.png')).metadata()).density);
  });

  it('publishes SVGs minified, keeping their viewBox and title', async () => {
    const name = (await readdir(join(f.out, 'assets/images'))).find((n) => n.startsWith('mark.') && n.endsWith('.120.svg'))!;
    const svg = await readFile(join(f.out, 'assets/images', name), 'utf8');
    expect(svg.length).toBeLessThan(DRAWN_SVG.length / 2);
    expect(svg).toContain('viewBox="0 0 120 60"');
    expect(svg).toContain('<title>Southbridge mark</title>');
    expect(svg).not.toMatch(/<!--|<metadata|inkscape|\.0000/);
    expect((await sharp(Buffer.from(svg)).metadata()).width).toBe(120);
  });

  it('renders <picture> with sources, srcset, sizes, width and height; the first image is fetched first', async () => {
    const html = await read(f.out, 'blog/first-post/index.html');
    const pictures = [...html.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map((m) => m[1]!);
    expect(pictures).toHaveLength(2);
    const [diagram, photo] = pictures as [string, string];
    expect(diagram).toMatch(/<source type="image\/avif" srcSet="\/assets\/images\/event-loop-phases\.[^"]+ 320w, [^"]+ 1170w"/);
    expect(diagram).toContain('<source type="image/webp"');
    expect(diagram).toContain('sizes="(min-width: 690px) 650px, calc(100vw - 2.5rem)"');
    // The home page's photo spans the page: its hint comes from images.wideMaxWidth.
    expect(await read(f.out, 'index.html')).toContain('sizes="(min-width: 1210px) 1170px, calc(100vw - 2.5rem)"');
    expect(diagram).toMatch(
      /<img src="[^"]+\.1170\.png"[^>]* width="1300" height="560" alt="The phases of the event loop" decoding="async"[^>]* fetchPriority="high" loading="eager"/,
    );
    expect(photo).toMatch(
      /<img [^>]*width="2400" height="1350" alt="" decoding="async"[^>]*style="background-image:url\(&quot;data:image\/webp;base64,[^"]+&quot;\);background-size:cover" loading="lazy"/,
    );
  });

  it("fetches an image first only in the first screen, not a post's only image at its end", async () => {
    const html = await read(f.out, 'es/blog/primer-articulo/index.html');
    const img = /<img [^>]*alt="Las fases del event loop"[^>]*>/.exec(html)![0];
    expect(img).toContain('loading="lazy"');
    expect(img).not.toContain('fetchPriority');
  });

  it('draws a 1200×630 social card per page from its title, linked from og:image', async () => {
    const html = await read(f.out, 'es/trabaja-con-nosotros/index.html');
    const url = /<meta property="og:image" content="https:\/\/fixture\.example\/(og\/[0-9a-f]+\.jpg)"\/>/.exec(html)![1]!;
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    const meta = await sharp(join(f.out, url)).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1200, 630, 'jpeg']);
    expect(await read(f.out, '404.html')).not.toContain('og:image');
    expect(wrapTitle('A title that is far too long to fit on the three lines of a social card, so it ends with an ellipsis', 26, 3)).toHaveLength(3);
  });

  it('processes nothing again when nothing changed', async () => {
    const warm = await buildFixture(f);
    expect(warm.images).toMatchObject({ processed: 0, fromCache: 3, socialCards: 0 });
    // Processed images finish in any order on a cold build; the pages must not notice.
    expect(warm.rendered).toBe(0);
  });
});

describe('bad images stop the build with file:line', () => {
  it.each([
    ['an image that does not exist', '![A chart](/images/missing-chart.png)', 'MissingImage', /\/images\/missing-chart\.png does not exist/],
    ['an image without alt text', '![](/images/event-loop-phases.png)', 'MissingAltText', /has no alt text/],
    ['an image from another site', '![A logo](https://example.com/logo.png)', 'ExternalImage', /is on another site/],
  ])('%s', async (_name, markdown, name, message) => {
    const f = await withImages();
    try {
      const post = join(f.site, 'blog/es/primer-articulo.md');
      await writeFile(post, (await readFile(post, 'utf8')).replace('Texto en español.', `Texto en español.\n\n${markdown}`));
      const error = await buildFixture(f).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SiteError);
      expect((error as SiteError).name).toBe(name);
      expect((error as SiteError).location).toMatchObject({ file: expect.stringMatching(/blog\/es\/primer-articulo\.md$/), line: 13 });
      expect((error as SiteError).message).toMatch(message);
    } finally {
      await f.cleanup();
    }
  });

  it.each([
    ['a YAML image that does not exist', '  image: { src: /images/missing-team.jpg, alt: { en: Team, es: Equipo } }\n', 'MissingImage', 'data.image.src'],
    [
      'a YAML image without alt text in one language',
      "  image: { src: /images/event-loop-phases.png, alt: { en: Phases, es: '' } }\n",
      'MissingAltText',
      'data.image.alt',
    ],
  ])('%s', async (_name, yaml, name, field) => {
    const f = await withImages();
    try {
      const page = join(f.site, 'pages/preview.yaml');
      await writeFile(page, (await readFile(page, 'utf8')) + `data:\n${yaml}`);
      const error = (await buildFixture(f).then(
        () => undefined,
        (e: unknown) => e,
      )) as SiteError;
      expect(error.name).toBe(name);
      expect(error.data.field).toBe(field);
      expect(error.location).toMatchObject({ file: expect.stringMatching(/pages\/preview\.yaml$/), line: 9 });
    } finally {
      await f.cleanup();
    }
  });

  it('an unreadable image file', async () => {
    const f = await withImages();
    try {
      await writeFile(join(f.site, 'images/broken.jpg'), 'this is not a JPEG');
      const error = await buildFixture(f).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect((error as SiteError).name).toBe('InvalidImage');
      expect((error as SiteError).location?.file).toMatch(/images\/broken\.jpg$/);
    } finally {
      await f.cleanup();
    }
  });
});
