import { readdir, readFile, writeFile } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../src/errors/index.ts';
import { buildFixture, copyFixture, read } from '../support/fixture.ts';

// What an editor gets wrong without meaning to (a file saved in the wrong encoding, a copied post,
// code that looks like a constant): each is an error at its file and line, or is handled as asked.

type Fixture = Awaited<ReturnType<typeof copyFixture>>;

async function edit(file: string, change: (text: string) => string) {
  await writeFile(file, change(await readFile(file, 'utf8')));
}

async function withFixture<T>(body: (f: Fixture) => Promise<T>): Promise<T> {
  const f = await copyFixture('basic');
  try {
    return await body(f);
  } finally {
    await f.cleanup();
  }
}

async function buildFailure(f: Fixture): Promise<SiteError> {
  await mkdir(f.out, { recursive: true });
  await writeFile(join(f.out, 'previous.html'), 'previous build');
  const failure = await buildFixture(f).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(failure).toBeInstanceOf(SiteError);
  expect(await readdir(f.out)).toEqual(['previous.html']);
  return failure as SiteError;
}

/** The text as Windows-1252 bytes (every character here is in that code page). */
function windows1252(text: string): Buffer {
  const table: Record<string, number> = { á: 0xe1, é: 0xe9, í: 0xed, ó: 0xf3, ú: 0xfa, ñ: 0xf1, '¿': 0xbf };
  return Buffer.from([...text].map((c) => table[c] ?? c.charCodeAt(0)));
}

describe('text encodings', () => {
  it('stops at the file, line and column of the first byte that is not UTF-8', () =>
    withFixture(async (f) => {
      const post = join(f.site, 'blog/es/primer-articulo.md');
      await writeFile(post, windows1252((await readFile(post, 'utf8')).replace('Texto en español.', '¿Cómo migrar de Gatsby?')));
      const error = await buildFailure(f);
      expect(error.name).toBe('InvalidEncoding');
      // "title: Primer artículo" on line 2: the í is the first bad byte, at column 18.
      expect(error.location).toMatchObject({ file: expect.stringMatching(/blog\/es\/primer-articulo\.md$/), line: 2, column: 18 });
      expect(error.message).toMatch(/byte 0xED .*not valid UTF-8 \(in Windows-1252 it would be "í"\)/);
    }));

  it('names a YAML file saved as Windows-1252 too', () =>
    withFixture(async (f) => {
      const page = join(f.site, 'pages/careers.yaml');
      await writeFile(
        page,
        windows1252((await readFile(page, 'utf8')).replace('description: Trabaja con nosotros.', 'description: Sumate a un equipo pequeño.')),
      );
      const error = await buildFailure(f);
      expect(error.name).toBe('InvalidEncoding');
      expect(error.location).toMatchObject({ file: expect.stringMatching(/pages\/careers\.yaml$/), line: 5 });
    }));

  it('accepts a UTF-8 byte order mark in posts, page markdown, YAML and locale files', () =>
    withFixture(async (f) => {
      const bom = (text: string) => '\uFEFF' + text;
      for (const file of [
        join(f.site, 'blog/es/primer-articulo.md'),
        join(f.site, 'legal/careers-es.md'),
        join(f.site, 'pages/careers.yaml'),
        join(f.site, 'site.yaml'),
        join(f.site, 'constants.yaml'),
        join(f.dir, 'locales/es.yaml'),
      ])
        await edit(file, bom);
      await buildFixture(f);
      const html = await read(f.out, 'es/blog/primer-articulo/index.html');
      expect(html).toContain('<h1');
      expect(html).toContain('Primer artículo');
      expect(html).not.toContain('\uFEFF');
      expect(await read(f.out, 'es/trabaja-con-nosotros/index.html')).not.toContain('\uFEFF');
    }));
});

describe('posts paired by translationKey', () => {
  it('stops when two posts of one language share a key, naming both files, in build and in check', () =>
    withFixture(async (f) => {
      const copy = (await read(f.site, 'blog/es/primer-articulo.md')).replace('title: Primer artículo', 'title: Segundo artículo');
      await writeFile(join(f.site, 'blog/es/segundo-articulo.md'), copy);
      const error = await buildFailure(f);
      expect(error.name).toBe('DuplicateTranslationKey');
      expect(error.location).toMatchObject({ file: expect.stringMatching(/blog\/es\/segundo-articulo\.md$/), line: 6 });
      expect(error.data.field).toBe('translationKey');
      expect(error.message).toMatch(/translationKey "first" is used here and by .*blog\/es\/primer-articulo\.md, both in es/);
      const { checkSite } = await import('../../src/checks/index.ts');
      await expect(checkSite({ siteDir: f.site, outDir: f.out })).rejects.toMatchObject({ name: 'DuplicateTranslationKey' });
    }));

  it("stops a watch session too, when a saved post takes another post's key, and builds again once it is given back", () =>
    withFixture(async (f) => {
      const session = f.watch();
      await session.build();
      const third = join(f.site, 'blog/es/tercero.md');
      const text = await readFile(third, 'utf8');
      // A body save first: the session checks nothing again, and the next save must still be caught.
      await writeFile(third, text.replace(/\n\n/, '\n\nUna línea nueva.\n\n'));
      await session.build([third]);
      await writeFile(third, text.replace(/^(---\n)/, '$1translationKey: first\n'));
      await expect(session.build([third])).rejects.toMatchObject({ name: 'DuplicateTranslationKey' });
      await writeFile(third, text);
      await session.build([third]);
    }));
});

describe('constants in markdown', () => {
  it('are not replaced inside code, and \\{…} writes a literal brace in prose', () =>
    withFixture(async (f) => {
      await edit(join(f.site, 'blog/en/first-post.md'), (t) =>
        t.replace(
          'Some `code` and a block:',
          [
            'Our trial lasts {claims.trialDays} days; in copy, write \\{claims.trialDays} and it stays true.',
            '',
            'Inline: `const days = {claims.trialDays};`',
            '',
            '```jsx',
            '<h1>{careers.title}</h1>',
            '```',
            '',
            'Some `code` and a block:',
          ].join('\n'),
        ),
      );
      await buildFixture(f);
      const html = await read(f.out, 'blog/first-post/index.html');
      expect(html).toContain('Our trial lasts 14 days; in copy, write {claims.trialDays} and it stays true.');
      expect(html).toContain('<code>const days = {claims.trialDays};</code>');
      expect(html.replace(/<[^>]+>/g, '')).toContain('&lt;h1&gt;{careers.title}&lt;/h1&gt;');
      expect(html).not.toContain('const days = 14');
    }));
});

describe('message keys a template names', () => {
  it('stop the build at the template line when no locale has them, without a second plural warning', () =>
    withFixture(async (f) => {
      await edit(join(f.dir, 'templates/pages/blog-post.tsx'), (t) => t.replace("t('blog.back')", "t('blog.bakc')"));
      const error = await buildFailure(f);
      expect(error.name).toBe('MissingMessage');
      expect(error.location).toEqual({ file: expect.stringMatching(/^(\.\.\/)*.*templates\/pages\/blog-post\.tsx$/), line: 25, column: 47 });
      expect(error.location!.file.startsWith('/')).toBe(false);
      expect(error.message).toMatch(/Message "blog\.bakc" exists in no locale file; \/(es\/)?blog\/[\w-]+\/ and every page/);
    }));

  it('a key computed at render time stays a warning, named once', () =>
    withFixture(async (f) => {
      await edit(join(f.dir, 'templates/pages/blog-post.tsx'), (t) => t.replace("t('blog.back')", "t(['blog', 'bakc'].join('.'))"));
      const report = await buildFixture(f);
      const missing = report.warnings.filter((w) => w.text.includes('bakc'));
      expect(missing).toEqual([{ name: 'MessageMissingEverywhere', text: 'message "blog.bakc" is missing in every locale; pages show the key itself' }]);
    }));
});

describe('a template that throws while rendering', () => {
  it('names the template, the page and the template line (through the source map)', () =>
    withFixture(async (f) => {
      await edit(join(f.dir, 'templates/pages/blog-post.tsx'), (t) => t.replace('<h1>{post.title}</h1>', '<h1>{(post as any).nope.title}</h1>'));
      const error = await buildFailure(f);
      expect(error.name).toBe('TemplateRuntimeError');
      expect(error.location).toMatchObject({ file: expect.stringMatching(/^[^/].*templates\/pages\/blog-post\.tsx$/), line: 27 });
      expect(error.message).toMatch(
        /Template "blog-post" failed while rendering \/(es\/)?blog\/[\w-]+\/: Cannot read properties of undefined \(reading 'title'\)/,
      );
    }));
});
