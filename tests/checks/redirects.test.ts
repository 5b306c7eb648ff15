import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/checks/index.ts';
import { checkFixture, findingsOf, lineOfText, type CheckFixture } from './support.ts';

// The clean fixture after its About page moved (en: about → company): a post still links to the
// old URL (and the home page's document too), a redirect leads nowhere, an alias names a page that exists.
let f: CheckFixture;
let findings: Finding[];

beforeAll(async () => {
  f = await checkFixture();
  await f.build();
  const about = join(f.site, 'pages/about.yaml');
  await writeFile(about, (await readFile(about, 'utf8')).replace('en: about,', 'en: company,') + 'aliases:\n  en: [/blog/]\n');
  const post = join(f.site, 'blog/en/hello.md');
  await writeFile(post, `${await readFile(post, 'utf8')}\nRead [who we are](/about/) first.\n`);
  await writeFile(join(f.site, 'redirects.yaml'), 'redirects:\n  - { from: /team/, to: /people/ }\n');
  await f.build();
  findings = await f.check();
}, 120_000);

afterAll(() => f?.cleanup());

describe('check: the redirect map', () => {
  it('flags a link to an old URL at its markdown line, a target that does not exist, and an alias a page shadows', async () => {
    expect(findingsOf(findings, 'redirects')).toEqual([
      {
        name: 'RedirectNeverTaken',
        severity: 'error',
        check: 'redirects',
        file: f.shown('site/pages/about.yaml'),
        line: await lineOfText(join(f.site, 'pages/about.yaml'), '/blog/'),
        message: 'The redirect from /blog/ is never taken: a page lives at /blog/.',
      },
      {
        name: 'RedirectToMissingPage',
        severity: 'error',
        check: 'redirects',
        file: f.shown('site/redirects.yaml'),
        line: 2,
        message: 'The redirect from /team/ leads to /people/, which is not a built page or file.',
      },
      {
        name: 'LinkToOldUrl',
        severity: 'warning',
        check: 'redirects',
        file: f.shown('site/blog/en/hello.md'),
        line: await lineOfText(join(f.site, 'blog/en/hello.md'), '(/about/)'),
        page: '/blog/hello/',
        message: 'Link "/about/" points at an old URL that redirects to /company/.',
      },
      {
        name: 'LinkToOldUrl',
        severity: 'warning',
        check: 'redirects',
        file: f.shown('site/legal/home-en.md'),
        line: await lineOfText(join(f.site, 'legal/home-en.md'), '(/about/#team)'),
        page: '/',
        message: 'Link "/about/#team" points at an old URL that redirects to /company/.',
      },
    ]);
    expect(findings.find((x) => x.message.startsWith('Link "/about/"'))!.hint).toBe(
      'Link to the new URL, /company/: every visitor and crawler skips a redirect.',
    );
    // The links check leaves the old URL to this one: it still answers, through the redirect.
    expect(findingsOf(findings, 'links').filter((x) => x.message.includes('/about/'))).toEqual([]);
  });
});

describe('check: what the map cannot be made from', () => {
  it('flags a redirects.yaml loop at its line, under the build error’s name', async () => {
    const file = join(f.site, 'redirects.yaml');
    const before = await readFile(file, 'utf8');
    await writeFile(file, 'redirects:\n  - { from: /team/, to: /crew/ }\n  - { from: /crew/, to: /team/ }\n');
    try {
      expect(findingsOf(await f.check(), 'redirects')).toEqual([
        {
          name: 'InvalidRedirect',
          severity: 'error',
          check: 'redirects',
          file: f.shown('site/redirects.yaml'),
          line: 2,
          message: 'Redirects go round in a loop: /team/ → /crew/ → /team/.',
        },
      ]);
    } finally {
      await writeFile(file, before);
    }
  });

  it('flags a URL of the lock that no page makes and nothing redirects, at the file that made it', async () => {
    const file = join(f.site, 'urls.lock');
    const before = await readFile(file, 'utf8');
    await writeFile(file, `${before}/retired/ retired en site/pages/retired.yaml\n`);
    try {
      expect(findingsOf(await f.check(), 'redirects')).toContainEqual({
        name: 'UrlDisappeared',
        severity: 'error',
        check: 'redirects',
        file: 'site/pages/retired.yaml',
        message: '/retired/ was published (site/urls.lock) and no page makes it any more.',
      });
    } finally {
      await writeFile(file, before);
    }
  });

  it('flags a file of the lock the site folder no longer has, with the redirects.yaml fix (a file has no page to alias it)', async () => {
    const file = join(f.site, 'urls.lock');
    const before = await readFile(file, 'utf8');
    await writeFile(file, `${before}/downloads/rates.pdf file:static/downloads/rates.pdf - site/static/downloads/rates.pdf\n`);
    try {
      const found = (await f.check()).find((x) => x.check === 'redirects' && x.file === 'site/static/downloads/rates.pdf');
      expect(found).toMatchObject({
        name: 'UrlDisappeared',
        severity: 'error',
        message: '/downloads/rates.pdf was published (site/urls.lock) and the site folder no longer has it.',
        hint: 'Add "/downloads/rates.pdf" to site/redirects.yaml (a "to" target, or under "gone"); a file has no page to alias it.',
      });
    } finally {
      await writeFile(file, before);
    }
  });

  it('says so, rather than passing, when there is no urls.lock to compare with', async () => {
    const file = join(f.site, 'urls.lock');
    const before = await readFile(file, 'utf8');
    await rm(file);
    try {
      expect(findingsOf(await f.check(), 'redirects')).toContainEqual({
        name: 'UrlLockMissing',
        severity: 'warning',
        check: 'redirects',
        file: 'site/urls.lock',
        message: 'site/urls.lock does not exist, so URLs the site published before cannot be checked.',
      });
    } finally {
      await writeFile(file, before);
    }
  });
});
