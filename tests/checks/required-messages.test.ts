import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRequiredMessages } from '../../src/checks/check-required-messages.ts';
import { loadSiteConfig } from '../../src/config/index.ts';
import { loadContent } from '../../src/content/index.ts';
import { loadMessages } from '../../src/i18n/index.ts';
import { ROOT } from '../support/fixture.ts';
import { lineOfText } from './support.ts';

// The real site's pages, with messages files that lost two keys the spec requires, in both languages.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agency-site-required-messages-'));
  await cp(join(ROOT, 'locales'), dir, { recursive: true });
  for (const locale of ['en', 'es']) {
    const file = join(dir, `${locale}.yaml`);
    const text = await readFile(file, 'utf8');
    // landing.hero.title, and careers-android's third selection step.
    const withoutTitle = text.replace(/^(landing:\n(?:.*\n)*?  hero:\n(?:.*\n)*?)    title: .*\n/m, '$1');
    const withoutStep = withoutTitle.replace(/^(careers-android:\n(?:.*\n)*?  selection-process:\n(?:.*\n)*?)    step-3: .*\n/m, '$1');
    expect(withoutStep.length).toBeLessThan(text.length);
    await writeFile(file, withoutStep);
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the required-messages rule of the translations check', () => {
  it('passes the real site', async () => {
    const config = await loadSiteConfig({ siteDir: join(ROOT, 'site') });
    const [content, messages] = await Promise.all([
      loadContent({ siteDir: join(ROOT, 'site'), config }),
      loadMessages({ localesDir: join(ROOT, 'locales'), config }),
    ]);
    const messagePaths = { en: join(ROOT, 'locales/en.yaml'), es: join(ROOT, 'locales/es.yaml') };
    expect(checkRequiredMessages({ config, content, messages, messagePaths })).toEqual([]);
  });

  it('reports a spec message missing in every locale on the section where it belongs', async () => {
    const config = await loadSiteConfig({ siteDir: join(ROOT, 'site') });
    const [content, messages] = await Promise.all([loadContent({ siteDir: join(ROOT, 'site'), config }), loadMessages({ localesDir: dir, config })]);
    const messagePaths = { en: join(dir, 'en.yaml'), es: join(dir, 'es.yaml') };
    const findings = checkRequiredMessages({ config, content, messages, messagePaths });
    const en = join(dir, 'en.yaml');
    const lines = (await readFile(en, 'utf8')).split('\n');
    const heroLine = lines.findIndex((l, i) => l === '  hero:' && lines.slice(0, i).some((x) => x === 'landing:')) + 1;
    const androidStart = lines.indexOf('careers-android:');
    const stepsLine = lines.findIndex((l, i) => i > androidStart && l === '  selection-process:') + 1;
    expect(findings.map(({ hint: _hint, file: _file, ...f }) => f)).toEqual([
      {
        name: 'MessageMissingEverywhere',
        severity: 'error',
        check: 'translations',
        line: heroLine,
        message: 'Message "landing.hero.title" is missing in every locale; the home page shows the key itself.',
      },
      {
        name: 'MessageMissingEverywhere',
        severity: 'error',
        check: 'translations',
        line: stepsLine,
        message: expect.stringMatching(
          /^Message "careers-android\.selection-process\.step-3" is missing in every locale; .*careers-android\.yaml \(data\.messages: careers-android\) shows the key itself\.$/,
        ),
      },
    ]);
    expect(heroLine).toBeGreaterThan(0);
    expect(stepsLine).toBeGreaterThan(await lineOfText(en, 'careers-android:'));
  });
});
