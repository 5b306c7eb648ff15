import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatRebuild, formatReport, warningKey, type BuildReport } from '../../src/build/index.ts';
import { checkSite } from '../../src/checks/index.ts';
import { describeError } from '../../src/cli/describe-error.ts';
import { SiteError } from '../../src/errors/index.ts';
import { scaffoldPost } from '../../src/scaffold/index.ts';
import { collectTranslationStatus } from '../../src/translations/index.ts';
import { buildFixture, copyFixture, read } from '../support/fixture.ts';

// Mistakes that used to publish without a word: each is now a warning or an error at its file and line.

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
  const before = await readdir(f.out);
  const failure = await buildFixture(f).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(failure).toBeInstanceOf(SiteError);
  expect(await readdir(f.out)).toEqual(before);
  return failure as SiteError;
}

describe('a post `new post` wrote and nobody finished', () => {
  it('is a draft as written (one "draft skipped"), an error once published empty, a warning while its description is the title', () =>
    withFixture(async (f) => {
      const { file } = await scaffoldPost({ siteDir: f.site, locale: 'en', title: 'Migrating from Gatsby', date: '2026-02-01' });
      const path = join(f.site, 'blog/en/migrating-from-gatsby.md');
      expect((await buildFixture(f)).warnings.filter((w) => w.text.includes('migrating-from-gatsby'))).toEqual([
        { name: 'DraftSkipped', text: `draft skipped: ${file}` },
      ]);

      await edit(path, (t) => t.replace('draft: true', 'draft: false'));
      const empty = await buildFailure(f);
      expect(empty.name).toBe('EmptyPost');
      expect(empty.location).toEqual({ file, line: 9 });

      await edit(path, (t) => `${t}We moved a 300-page Gatsby site to plain static HTML in two weeks; here is the order we did it in.\n`);
      const report = await buildFixture(f);
      expect(report.warnings.filter((w) => w.text.includes('migrating-from-gatsby'))).toEqual([
        {
          name: 'DescriptionIsTitle',
          text: `${file}: description is the title, as \`new post\` wrote it; say what the post is about (search results and link previews show it)`,
        },
      ]);
      expect(await read(f.out, 'blog/migrating-from-gatsby/index.html')).toContain('We moved a 300-page Gatsby site');
    }));
});

describe('a post file or folder name with capitals or accents', () => {
  it('stops at the file, naming the lowercase slug it should be, as page slugs in YAML must be', () =>
    withFixture(async (f) => {
      await rename(join(f.site, 'blog/en/first-post.md'), join(f.site, 'blog/en/Como-Migrar-De-Gatsby.md'));
      const error = await buildFailure(f);
      expect(error.name).toBe('InvalidPostSlug');
      expect(error.location).toEqual({ file: expect.stringMatching(/blog\/en\/Como-Migrar-De-Gatsby\.md$/) });
      expect(error.message).toContain('rename it to como-migrar-de-gatsby.md');
    }));

  it('names the folder of a post bundle', () =>
    withFixture(async (f) => {
      await mkdir(join(f.site, 'blog/Cómo-Migrar'));
      await rename(join(f.site, 'blog/en/first-post.md'), join(f.site, 'blog/Cómo-Migrar/index.md'));
      const error = await buildFailure(f);
      expect(error.name).toBe('InvalidPostSlug');
      expect(error.message).toContain('The folder "Cómo-Migrar/" gives the URL slug "Cómo-Migrar"');
      expect(error.message).toContain('rename it to como-migrar/');
    }));
});

describe('a per-locale value in page data without every locale', () => {
  it('falls back with a warning at its line, in build, check and the translation status', () =>
    withFixture(async (f) => {
      const page = join(f.site, 'pages/careers.yaml');
      await edit(page, (t) =>
        t.replace(
          'markdown:',
          ['data:', '  facts:', '    - { en: "Remote from Argentina", es: "Remoto desde Argentina" }', '    - { en: "Paid in USDT" }', 'markdown:'].join('\n'),
        ),
      );
      const line = (await read(f.site, 'pages/careers.yaml')).split('\n').findIndex((l) => l.includes('Paid in USDT')) + 1;
      const report = await buildFixture(f);
      const warning = report.warnings.find((w) => w.text.includes('data.facts.1'));
      expect(warning?.name).toBe('LocaleValueMissing');
      expect(warning?.text).toMatch(new RegExp(`pages/careers\\.yaml:${line}:\\d+: data\\.facts\\.1 has no es value; es pages show the en text$`));
      // The translated one is no warning.
      expect(report.warnings.filter((w) => w.text.includes('data.facts.0'))).toEqual([]);

      const { findings } = await checkSite({ siteDir: f.site, outDir: f.out });
      expect(findings.filter((x) => x.message.includes('data.facts'))).toEqual([
        expect.objectContaining({
          severity: 'warning',
          check: 'translations',
          file: expect.stringMatching(/pages\/careers\.yaml$/),
          line,
          message: 'data.facts.1 has no es value, so es pages show the en text.',
        }),
      ]);

      const status = await collectTranslationStatus({ siteDir: f.site });
      const pieces = status.pieces.filter((p) => p.id.startsWith('careers data.facts'));
      expect(pieces.map((p) => [p.id, p.locale, p.status, p.translation.line])).toEqual(
        expect.arrayContaining([
          ['careers data.facts.1', 'es', 'missing', line],
          ['careers data.facts.0', 'es', 'translated', line - 1],
        ]),
      );
    }));
});

describe('front matter with more than one invalid field', () => {
  it('shows every problem at its own line, not a count of the hidden ones', () =>
    withFixture(async (f) => {
      await edit(join(f.site, 'blog/en/first-post.md'), (t) => t.replace('date: 2026-01-10', 'date: 2026-02-30').replace('tags: [node]', 'tags: node'));
      const error = await buildFailure(f);
      const text = describeError(error);
      expect(text).not.toMatch(/more problem/);
      expect(text).toMatch(/blog\/en\/first-post\.md:4:\d+: Invalid post front matter \(InvalidField\)\n {2}Field "date": /);
      expect(text).toMatch(/blog\/en\/first-post\.md:5:\d+: Invalid post front matter \(InvalidField\)\n {2}Field "tags": /);
    }));
});

describe('a CSS syntax error', () => {
  it('stops the build at the stylesheet file and line esbuild names', () =>
    withFixture(async (f) => {
      const css = join(f.dir, 'templates/styles/layout.css');
      // The first rule loses its closing brace: everything after it would be dropped.
      await edit(css, (t) => t.replace('}', ''));
      const error = await buildFailure(f);
      expect(error.name).toBe('CssError');
      expect(error.message).toContain('Expected "}" to go with "{"');
      expect(error.location).toMatchObject({ file: expect.stringMatching(/^[^/].*templates\/styles\/layout\.css$/), line: expect.any(Number) });
      // Built again, the cached bundle fails the same way.
      expect((await buildFailure(f)).name).toBe('CssError');
    }));
});

describe('the build report after a change', () => {
  const report = (reached: BuildReport['reached'], rendered: number): BuildReport => ({
    pagesByLocale: { en: 9, es: 8 },
    pages: 17,
    rendered,
    fromCache: 17 - rendered,
    parsedMarkdown: 0,
    filesWritten: rendered,
    bytesWritten: 4096,
    upToDate: false,
    stages: [],
    warnings: [],
    stylesheets: [],
    reached,
    durationMs: 120,
    outDir: 'out',
  });
  it.each([
    ['all', 4, '  the changes could affect all 17 pages (dependency graph): each was checked again, and 4 had changed'],
    ['all', 17, '  the changes could affect all 17 pages (dependency graph): each was checked again, and all had changed'],
    [3, 1, '  the changes could affect 3 pages (dependency graph): each was checked again, and 1 had changed'],
    [1, 1, '  the changes could affect 1 page (dependency graph): it was checked again, and it had changed'],
    [0, 0, '  the changes affect no page (dependency graph): none was rendered again'],
  ] as const)('reached %s with %i rendered says what happened', (reached, rendered, line) => {
    const text = formatReport(report(reached, rendered));
    expect(text.split('\n')).toContain(line);
    expect(text).not.toContain('reached every page');
  });

  it('serve --watch prints one line per save, and with --verbose the stages it took', () => {
    const saved = {
      ...report(1, 1),
      stages: [
        { name: 'reading content', ms: 38.4 },
        { name: 'rendering pages', ms: 31.6 },
      ],
    };
    expect(formatRebuild(saved, 1)).toEqual(['rebuilt in 120 ms (1 pages rendered) after 1 change']);
    expect(formatRebuild(saved, 2, { verbose: true })).toEqual([
      'rebuilt in 120 ms (1 pages rendered) after 2 changes',
      '  stages: reading content 38 ms, rendering pages 32 ms',
    ]);
  });

  it('serve --watch prints the warnings a save adds, and not again on the next save', () => {
    const lost = { name: 'PublishedUrlLost', text: '/blog/kickoff/ (site/urls.lock, last made by site/blog/en/kickoff.md) has no page' };
    const draft = { name: 'DraftSkipped', text: 'site/blog/en/unfinished.md' };
    const saved = { ...report(1, 1), warnings: [draft, lost] };
    expect(formatRebuild(saved, 1, { printed: new Set([warningKey(draft)]) })).toEqual([
      'rebuilt in 120 ms (1 pages rendered) after 1 change',
      '  1 new warning:',
      `  - ${lost.text} (PublishedUrlLost)`,
    ]);
    expect(formatRebuild(saved, 1, { printed: new Set([draft, lost].map(warningKey)) })).toEqual(['rebuilt in 120 ms (1 pages rendered) after 1 change']);
  });
});

/** Every folder under `dir` with nothing in it, relative to `dir`. */
async function emptyFolders(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory() && !(await readdir(join(entry.parentPath, entry.name))).length)
      found.push(join(entry.parentPath, entry.name).slice(dir.length + 1));
  }
  return found.sort();
}

describe('a deleted post', () => {
  it('leaves no empty folder in out/ after the next build', () =>
    withFixture(async (f) => {
      await buildFixture(f);
      expect(existsSync(join(f.out, 'blog/first-post/index.html'))).toBe(true);
      await rm(join(f.site, 'blog/en/first-post.md'));
      await buildFixture(f);
      expect(existsSync(join(f.out, 'blog/first-post'))).toBe(false);
      expect(await emptyFolders(f.out)).toEqual([]);
    }));

  it('leaves no empty folder in out/ in a serve --watch session', () =>
    withFixture(async (f) => {
      const session = f.watch({ lock: 'read' });
      await session.build();
      expect(existsSync(join(f.out, 'blog/first-post/index.html'))).toBe(true);
      const post = join(f.site, 'blog/en/first-post.md');
      await rm(post);
      await session.build([post]);
      expect(existsSync(join(f.out, 'blog/first-post'))).toBe(false);
      expect(await emptyFolders(f.out)).toEqual([]);
    }));
});

describe('a template that does not compile', () => {
  it('is named by a path relative to where the command runs, as every other error', () =>
    withFixture(async (f) => {
      await edit(join(f.dir, 'templates/pages/blog-post.tsx'), (t) => t.replace('<h1>{post.title}</h1>', '<h1>{post.title</h1>'));
      const error = await buildFailure(f);
      expect(error.name).toBe('TemplateCompileError');
      expect(error.location!.file).toMatch(/^[^/].*templates\/pages\/blog-post\.tsx$/);
      expect(error.location!.line).toEqual(expect.any(Number));
    }));
});
