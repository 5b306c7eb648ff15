import { execFileSync } from 'node:child_process';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkOutdatedTranslations } from '../../../src/checks/check-outdated-translations.ts';
import { displayPath } from '../../../src/node/display-path.ts';
import { collectTranslationStatus, type TranslationPiece } from '../../../src/translations/index.ts';
import { buildFixture, copyFixture } from '../../support/fixture.ts';

/** The line of a file's first line containing `text` (fixtures grow; lines are not written down). */
const lineOf = async (file: string, text: string) => (await readFile(file, 'utf8')).split('\n').findIndex((l) => l.includes(text)) + 1;

// Every commit gets a fixed author and date, and the machine's git config is not read.
const DAY = 86_400;
const START = Date.UTC(2026, 0, 1) / 1000;
const NOW = START + 30 * DAY;

type Repo = Awaited<ReturnType<typeof copyFixture>> & {
  commit: (message: string, day: number) => string;
  edit: (rel: string, change: (text: string) => string) => Promise<void>;
  status: () => ReturnType<typeof collectTranslationStatus>;
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function repo(options: { git?: boolean } = {}): Promise<Repo> {
  const fixture = await copyFixture('basic');
  cleanups.push(fixture.cleanup);
  const git = (args: string[], date = START) =>
    execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', ...args], {
      cwd: fixture.dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_AUTHOR_NAME: 'Lucía',
        GIT_AUTHOR_EMAIL: 'lucia@southbridge.dev',
        GIT_COMMITTER_NAME: 'Lucía',
        GIT_COMMITTER_EMAIL: 'lucia@southbridge.dev',
        GIT_AUTHOR_DATE: `@${date} +0000`,
        GIT_COMMITTER_DATE: `@${date} +0000`,
      },
    }).trim();
  const commit = (message: string, day: number) => {
    git(['add', '-A'], START + day * DAY);
    git(['commit', '-q', '--allow-empty', '-m', message], START + day * DAY);
    return git(['rev-parse', 'HEAD']);
  };
  if (options.git !== false) {
    git(['init', '-q']);
    commit('The fixture site, both languages', 0);
  }
  return {
    ...fixture,
    commit,
    edit: async (rel, change) => writeFile(join(fixture.dir, rel), change(await readFile(join(fixture.dir, rel), 'utf8'))),
    status: () => collectTranslationStatus({ siteDir: fixture.site, now: NOW }),
  };
}

const piece = (pieces: TranslationPiece[], kind: string, id: string, locale = 'es') => {
  const found = pieces.find((p) => p.kind === kind && p.id === id && p.locale === locale);
  if (!found) throw new Error(`no ${kind} ${id} in ${locale}`);
  return found;
};
const outdated = (pieces: TranslationPiece[]) => pieces.filter((p) => p.status === 'outdated').map((p) => `${p.kind} ${p.id}`);

describe('translation status from git history', () => {
  it('marks the Spanish post outdated when the English one changed after it, with since when', async () => {
    const site = await repo();
    await site.edit('site/blog/en/first-post.md', (t) => t.replace('## Hello', '## Hello\n\nA new paragraph about the event loop.'));
    site.commit('Explain the event loop in the first post', 10);
    const { pieces } = await site.status();
    expect(outdated(pieces)).toEqual(['post blog first']);
    expect(piece(pieces, 'post', 'blog first')).toMatchObject({
      status: 'outdated',
      aheadSince: '2026-01-11',
      aheadDays: 20,
      translation: { path: join(site.site, 'blog/es/primer-articulo.md'), line: 1 },
      urls: { source: '/blog/first-post/', translation: '/es/blog/primer-articulo/' },
    });
  });

  it('is up to date again once the translation is edited after the source', async () => {
    const site = await repo();
    await site.edit('site/blog/en/first-post.md', (t) => t.replace('## Hello', '## Hello\n\nA new paragraph.'));
    site.commit('English edit', 10);
    await site.edit('site/blog/es/primer-articulo.md', (t) => t.replace('Texto en español.', 'Texto en español.\n\nUn párrafo nuevo.'));
    site.commit('Spanish catches up', 12);
    expect(outdated((await site.status()).pieces)).toEqual([]);
  });

  it('ignores an edit that only rewraps or re-indents, and a commit marked [i18n skip]', async () => {
    const site = await repo();
    await site.edit('site/blog/en/first-post.md', (t) => t.replace('Some `code` and a block:', 'Some `code`\nand   a block:\n'));
    site.commit('Wrap lines at 100 characters', 5);
    await site.edit('site/blog/en/first-post.md', (t) => t.replace('## Hello', '## Hello there'));
    site.commit('Fix a typo in the heading [i18n skip]', 6);
    await site.edit('locales/en.yaml', (t) => t.replace('  written-on: Written on', '  written-on:   "Written on"'));
    site.commit('Quote a message', 7);
    await site.edit('locales/en.yaml', (t) => t.replace('title: Not found', 'title: Not Found'));
    site.commit('Title case [i18n skip]', 8);
    await site.edit('locales/en.yaml', (t) => t.replace('  reading-time:', '  # Filled by the post template.\n  reading-time:'));
    site.commit('Explain a message', 9);
    expect(outdated((await site.status()).pieces)).toEqual([]);
  });

  it('compares against the pinned revision when the translation names one', async () => {
    const site = await repo();
    const first = site.commit('nothing new', 1);
    await site.edit('site/blog/en/first-post.md', (t) => t.replace('## Hello', '## Hello\n\nA new paragraph.'));
    const second = site.commit('English edit', 10);
    // A Spanish typo fix after the English edit: history alone would call the translation current.
    await site.edit('site/blog/es/primer-articulo.md', (t) =>
      t.replace('translationKey: first', `translationKey: first\ntranslatedFrom: ${first.slice(0, 8)}`),
    );
    site.commit('Spanish typo', 12);
    const pinnedOld = piece((await site.status()).pieces, 'post', 'blog first');
    expect(pinnedOld).toMatchObject({ status: 'outdated', pinned: first.slice(0, 7), aheadSince: '2026-01-11' });

    await site.edit('site/blog/es/primer-articulo.md', (t) => t.replace(`translatedFrom: ${first.slice(0, 8)}`, `translatedFrom: ${second}`));
    site.commit('Pin the Spanish post to the English edit', 13);
    expect(piece((await site.status()).pieces, 'post', 'blog first')).toMatchObject({ status: 'translated', pinned: second.slice(0, 7) });
  });

  it('marks only the message key whose English line changed, and pins a key with a YAML comment', async () => {
    const site = await repo();
    await site.edit('locales/en.yaml', (t) =>
      t.replace('written-on: Written on', 'written-on: Published on').replace('title: Not found', 'title: Page not found'),
    );
    site.commit('Clearer English messages', 4);
    const { pieces } = await site.status();
    expect(outdated(pieces).sort()).toEqual(['message blog.written-on', 'message not-found.title']);
    expect(piece(pieces, 'message', 'blog.written-on')).toMatchObject({
      translation: { line: await lineOf(join(site.dir, 'locales/es.yaml'), 'written-on:') },
      source: { line: await lineOf(join(site.dir, 'locales/en.yaml'), 'written-on:') },
      aheadDays: 26,
    });
    expect(piece(pieces, 'message', 'blog.title').status).toBe('translated');

    const head = site.commit('nothing new', 5);
    await site.edit('locales/es.yaml', (t) => t.replace('  title: No encontrada', `  title: No encontrada # translated-from: ${head.slice(0, 10)}`));
    site.commit('Pin: the Spanish title already says it', 6);
    expect(outdated((await site.status()).pieces)).toEqual(['message blog.written-on']);
  });

  it('checks page fields and collection items per line of their one file', async () => {
    const site = await repo();
    // Both languages on one line ({ en: …, es: … }): the line's last commit is compared with its parent.
    await site.edit('site/collections/services.yaml', (t) =>
      t.replace('Developers in {claims.matchHours} hours.', 'Senior developers in {claims.matchHours} hours.'),
    );
    site.commit('Revise a service', 3);
    const { pieces } = await site.status();
    expect(outdated(pieces)).toHaveLength(1);
    expect(pieces.find((p) => p.status === 'outdated')).toMatchObject({
      kind: 'collection',
      id: 'services/staff description',
      source: { path: join(site.site, 'collections/services.yaml'), line: 4 },
      aheadSince: '2026-01-04',
    });

    await site.edit('site/collections/services.yaml', (t) => t.replace('"Desarrolladores en', '"Desarrolladores senior en'));
    site.commit('Spanish catches up', 4);
    expect(outdated((await site.status()).pieces)).toEqual([]);
  });

  it('reports Spanish keys English no longer has, and plural forms by Intl.PluralRules', async () => {
    const site = await repo();
    await site.edit('locales/en.yaml', (t) => `${t}results:\n  one: "{count} result"\n  other: "{count} results"\n`);
    await site.edit(
      'locales/es.yaml',
      (t) =>
        `${t}retired:\n  key: Ya no se usa\nresults:\n  other: "{count} resultados"\n  two: "{count} resultados (dual)"\n  many: "{count} de resultados"\n`,
    );
    site.commit('Results count', 2);
    const { pieces } = await site.status();
    const of = (status: string) =>
      pieces
        .filter((p) => p.kind === 'message' && p.status === status)
        .map((p) => p.id)
        .sort();
    // Spanish selects `one` for 1: missing. `two` is never selected in Spanish; `many` is (a million).
    expect(of('missing')).toEqual(['landing.services.title', 'results.one']);
    expect(of('unused')).toEqual(['results.two', 'retired.key']);
    expect(piece(pieces, 'message', 'results.two').note).toMatch(/never selects the plural form "two"/);
  });

  it('without git, says so and reports only what is missing', async () => {
    const site = await repo({ git: false });
    await site.edit('site/blog/en/first-post.md', (t) => t.replace('## Hello', '## Hello again'));
    const status = await site.status();
    expect(status.git).toBe(false);
    expect(outdated(status.pieces)).toEqual([]);
    expect(status.pieces.filter((p) => p.status === 'missing').map((p) => `${p.locale} ${p.kind} ${p.id}`)).toEqual(
      expect.arrayContaining(['en post blog solo-en-espanol', 'es message landing.services.title']),
    );
  });

  it('counts an edit saved but not committed as the newest change', async () => {
    const site = await repo();
    await site.edit('site/blog/en/first-post.md', (t) => t.replace('## Hello', '## Hello\n\nA new paragraph.'));
    const status = await site.status();
    expect(piece(status.pieces, 'post', 'blog first')).toMatchObject({ status: 'outdated', aheadDays: 0 });
  });

  it('sums completeness by items and by words per locale', async () => {
    const site = await repo();
    const { locales } = await site.status();
    const es = locales.find((l) => l.locale === 'es')!;
    expect(es.items.total).toBe(es.items.translated + es.items.missing + es.items.outdated);
    expect(es.percent.items).toBe(Math.floor((es.items.translated / es.items.total) * 100));
    expect(es.words.translated).toBeLessThan(es.words.total);
    // The Spanish-only posts (one without a translationKey) are missing in English.
    expect(locales.find((l) => l.locale === 'en')).toMatchObject({ items: { missing: 2, total: 2 } });
  });

  it("gives check a warning at the translation's line, with how long the source has been ahead", async () => {
    const site = await repo();
    await site.edit('locales/en.yaml', (t) => t.replace('written-on: Written on', 'written-on: Published on'));
    site.commit('Clearer English date label', 4);
    await site.edit('locales/es.yaml', (t) => `${t}retired:\n  key: Ya no se usa\n`);
    site.commit('A Spanish key English never had', 5);
    const findings = checkOutdatedTranslations(await site.status());
    const es = displayPath(join(site.dir, 'locales/es.yaml'));
    expect(findings.map(({ hint: _hint, ...f }) => f)).toEqual([
      {
        name: 'TranslationOutdated',
        severity: 'warning',
        check: 'translations',
        file: es,
        line: await lineOf(join(site.dir, 'locales/es.yaml'), 'written-on:'),
        message: `Message "blog.written-on" is outdated in es: its en source (${displayPath(join(site.dir, 'locales/en.yaml'))}:${await lineOf(join(site.dir, 'locales/en.yaml'), 'written-on:')}) has been ahead for 26 days, since 2026-01-05.`,
      },
      {
        name: 'MessageUnused',
        severity: 'warning',
        check: 'translations',
        file: es,
        line: await lineOf(join(site.dir, 'locales/es.yaml'), 'key: Ya no se usa'),
        message: 'Message "retired.key" in es is unused: gone from en.',
      },
    ]);
  });

  it("reads a build's cache of posts, never writes to it, and still reads a post saved after the build", async () => {
    const site = await repo();
    await buildFixture(site);
    const cached = async () =>
      Object.fromEntries(await Promise.all((await readdir(site.cache)).sort().map(async (name) => [name, (await stat(join(site.cache, name))).mtimeMs])));
    const before = await cached();
    const wordsAtBuild = piece((await site.status()).pieces, 'post', 'blog first').words;
    await site.edit('site/blog/en/first-post.md', (t) => t.replace('## Hello', '## Hello\n\nSeven more words about the event loop.'));
    const withCache = await site.status();
    expect(await cached()).toEqual(before);
    expect(piece(withCache.pieces, 'post', 'blog first')).toMatchObject({ status: 'outdated', words: wordsAtBuild + 7 });
    // Without the cache's marker the cache is not ours: every post is parsed, with the same result.
    await rm(join(site.cache, 'CACHEDIR.json'));
    const parsed = await site.status();
    expect(withCache).toEqual(parsed);
  });
});
