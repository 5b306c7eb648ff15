import { existsSync } from 'node:fs';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerCheckCommand } from '../../src/cli/check-command.ts';
import { registerNewPostCommand } from '../../src/cli/new-post-command.ts';
import { parseFrontMatter } from '../../src/content/index.ts';
import { postFrontMatterSchema } from '../../src/content/schemas.ts';
import { ROOT } from '../support/fixture.ts';
import { checkFixture, type CheckFixture } from './support.ts';

/** Runs the CLI in this process, as `agency-site <args>`, and returns what it printed and its exit code. */
async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; exitCode: number }> {
  const program = new Command().exitOverride();
  registerCheckCommand(program);
  registerNewPostCommand(program);
  const stdout: string[] = [];
  const stderr: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((text: string) => void stdout.push(text));
  vi.spyOn(console, 'error').mockImplementation((text: string) => void stderr.push(text));
  process.exitCode = undefined;
  try {
    await program.parseAsync(['node', 'agency-site', ...args]);
    return { stdout: stdout.join('\n'), stderr: stderr.join('\n'), exitCode: Number(process.exitCode ?? 0) };
  } finally {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  }
}

let clean: CheckFixture;
let broken: CheckFixture;
beforeAll(async () => {
  [clean, broken] = await Promise.all([checkFixture(), checkFixture('check-links')]);
  await Promise.all([clean.build(), broken.build()]);
});
afterAll(() => Promise.all([clean.cleanup(), broken.cleanup()]));
afterEach(() => vi.restoreAllMocks());

describe('agency-site check', () => {
  it('prints every finding grouped by check with file:line, then one summary, and exits 1 on errors', async () => {
    const { stdout, exitCode } = await cli('check', '--site', broken.site, '--out', broken.out);
    expect(exitCode).toBe(1);
    // A link written in markdown is reported at its markdown line, the page's URL beside it.
    expect(stdout).toMatch(/^links \(2 errors\)\n {2}error {3}\S+site\/blog\/en\/links\.md:\d+ {2}\(page \/blog\/links\/\)\n {10}Link "\/services\/" leads to/);
    expect(stdout).toContain('          hint: ');
    expect(stdout.split('\n').at(-1)).toBe('check failed: 2 errors in 11 built pages and their sources (errors in: links).');
  });

  it('prints the findings as JSON with --json', async () => {
    const { stdout, exitCode } = await cli('check', '--site', broken.site, '--out', broken.out, '--json');
    expect(exitCode).toBe(1);
    const findings = JSON.parse(stdout);
    expect(findings).toHaveLength(2);
    expect(findings[0]).toEqual({
      name: 'LinkToMissingPage',
      severity: 'error',
      check: 'links',
      file: broken.shown('site/blog/en/links.md'),
      line: expect.any(Number),
      page: '/blog/links/',
      message: 'Link "/services/" leads to /services/, which is not a built page or file.',
      hint: expect.stringContaining('Link pages through their page id'),
    });
  });

  it('exits 0 when there are only warnings', async () => {
    await copyFile(join(ROOT, 'tests/fixtures/check-translations/site/blog/en/lonely.md'), join(clean.site, 'blog/en/lonely.md'));
    await clean.build();
    const { stdout, exitCode } = await cli('check', '--site', clean.site, '--out', clean.out);
    expect(stdout.split('\n').at(-1)).toBe('check passed with 1 warning in 11 built pages and their sources.');
    expect(exitCode).toBe(0);
  });

  it('says what to do when the site was not built and --no-build forbids building it', async () => {
    const { stderr, exitCode } = await cli('check', '--no-build', '--site', clean.site, '--out', join(clean.dir, 'nowhere'));
    expect(exitCode).toBe(1);
    expect(stderr).toContain('No built site to check');
    expect(stderr).toContain('Run `agency-site build` first');
  });
});

describe('agency-site check after an edit without a build', () => {
  let edited: CheckFixture;
  beforeAll(async () => {
    edited = await checkFixture();
    await edited.build();
    // A typo in a link, saved and checked without building.
    const post = join(edited.site, 'blog/en/hello.md');
    await writeFile(post, (await readFile(post, 'utf8')).replace('Every week.', 'Every week, as [our first post](/blog/helo/) says.'));
  });
  afterAll(() => edited.cleanup());

  it('refuses the stale out/ with --no-build', async () => {
    const { stderr, exitCode } = await cli('check', '--no-build', '--site', edited.site, '--out', edited.out);
    expect(exitCode).toBe(1);
    expect(stderr).toContain('out/ is older than your sources');
    expect(stderr).toMatch(/is older than your sources: run build \(1 source file changed since the last build, \S*blog\/en\/hello\.md\)/);
  });

  it('builds first, then finds the broken link and the URL it meant', async () => {
    const { stdout, stderr, exitCode } = await cli('check', '--site', edited.site, '--out', edited.out);
    expect(stderr).toMatch(/check: 1 source file changed since the last build, \S*hello\.md; building first/);
    expect(exitCode).toBe(1);
    expect(stdout).toContain('Link "/blog/helo/" leads to /blog/helo/, which is not a built page or file. Did you mean /blog/hello/?');
  });

  it('checks an up-to-date out/ without building it again', async () => {
    const { stderr, exitCode } = await cli('check', '--site', edited.site, '--out', edited.out);
    expect(exitCode).toBe(1);
    expect(stderr).not.toContain('building first');
  });
});

describe('agency-site new post', () => {
  it('writes a draft with valid front matter, named after the title without accents', async () => {
    const { stdout, exitCode } = await cli('new', 'post', '--site', clean.site, '--locale', 'es', 'Índices en PostgreSQL: ¿cuándo sí?');
    expect(exitCode).toBe(0);
    const path = join(clean.site, 'blog/es/indices-en-postgresql-cuando-si.md');
    expect(stdout).toContain(`created ${clean.shown('site/blog/es/indices-en-postgresql-cuando-si.md')}`);
    const text = await readFile(path, 'utf8');
    const { data } = parseFrontMatter(path, text, postFrontMatterSchema, 'post front matter');
    expect(data).toEqual({
      title: 'Índices en PostgreSQL: ¿cuándo sí?',
      description: 'Índices en PostgreSQL: ¿cuándo sí?',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      tags: [],
      translationKey: 'indices-en-postgresql-cuando-si',
      draft: true,
    });
  });

  it('refuses to overwrite an existing post', async () => {
    const path = join(clean.site, 'blog/en/hello-from-the-team.md');
    await copyFile(join(clean.site, 'blog/en/hello.md'), path);
    const before = await readFile(path, 'utf8');
    const { stderr, exitCode } = await cli('new', 'post', '--site', clean.site, 'Hello from the team');
    expect(exitCode).toBe(1);
    expect(stderr).toContain(`${clean.shown('site/blog/en/hello-from-the-team.md')} already exists; nothing was written.`);
    expect(await readFile(path, 'utf8')).toBe(before);
  });

  it('refuses a locale the site does not have', async () => {
    const { stderr, exitCode } = await cli('new', 'post', '--site', clean.site, '--locale', 'fr', 'Bonjour');
    expect(exitCode).toBe(1);
    expect(stderr).toContain('"fr" is not one of the site\'s locales (en, es)');
    expect(existsSync(join(clean.site, 'blog/fr'))).toBe(false);
  });
});
