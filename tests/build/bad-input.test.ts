import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../src/errors/index.ts';
import { buildFixture, copyFixture, ROOT, TEMPLATES } from '../support/fixture.ts';

/** The line of a template where `text` first appears: templates change, the test follows. */
const lineIn = (file: string, text: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(text)) + 1;

const run = promisify(execFile);

/** `bin/agency-site <args>` in `cwd`, expected to fail: its exit code and what it printed on stderr. */
const failedCli = (args: string[], cwd: string) =>
  run('node', [join(ROOT, 'bin/agency-site'), ...args], { cwd }).then(
    () => ({ code: 0, stderr: '' }),
    (e: { code: number; stderr: string }) => e,
  );

async function edit(file: string, change: (text: string) => string) {
  await writeFile(file, change(await readFile(file, 'utf8')));
}

interface Case {
  name: string;
  change: (f: Awaited<ReturnType<typeof copyFixture>>) => Promise<void>;
  error: { name: string; file: RegExp; line: number; field?: string; message: RegExp };
}

const cases: Case[] = [
  {
    name: 'malformed YAML',
    change: (f) => edit(join(f.site, 'pages/careers.yaml'), (t) => t.replace('seo:', 'seo:\n  en: [unclosed')),
    error: { name: 'YamlSyntaxError', file: /pages\/careers\.yaml$/, line: 5, message: /cannot be parsed as YAML/ },
  },
  {
    name: 'front matter without a required field',
    change: (f) => edit(join(f.site, 'blog/es/tercero.md'), (t) => t.replace('description: Para la paginación.\n', '')),
    error: { name: 'InvalidField', file: /blog\/es\/tercero\.md$/, line: 2, field: 'description', message: /"description": required, expected string/ },
  },
  {
    name: 'an invalid date',
    change: (f) => edit(join(f.site, 'blog/en/first-post.md'), (t) => t.replace('date: 2026-01-10', 'date: 2026-02-30')),
    error: { name: 'InvalidField', file: /blog\/en\/first-post\.md$/, line: 4, field: 'date', message: /real calendar date/ },
  },
  {
    name: "a date with Hugo's time and zone",
    change: (f) => edit(join(f.site, 'blog/en/first-post.md'), (t) => t.replace('date: 2026-01-10', 'date: 2026-01-10T09:28:11+01:00')),
    error: {
      name: 'InvalidField',
      file: /blog\/en\/first-post\.md$/,
      line: 4,
      field: 'date',
      message: /^Field "date": expected a date written YYYY-MM-DD, without a time: write 2026-01-10\.$/,
    },
  },
  {
    name: 'a baseUrl with a path (pages link from the root of the host)',
    change: (f) => edit(join(f.site, 'site.yaml'), (t) => t.replace(/^baseUrl: (.*)$/m, 'baseUrl: $1/site')),
    error: {
      name: 'InvalidField',
      file: /site\.yaml$/,
      line: 2,
      field: 'baseUrl',
      message: /expected the site's origin, like https:\/\/staging\.example\.com/,
    },
  },
  {
    name: 'an unknown template',
    change: (f) => edit(join(f.site, 'pages/careers.yaml'), (t) => t.replace('template: document', 'template: careers-page')),
    error: {
      name: 'UnknownTemplate',
      file: /pages\/careers\.yaml$/,
      line: 1,
      field: 'template',
      message: /"careers-page" does not exist; expected one of: .*blog-list/,
    },
  },
  {
    name: 'two pages claiming one URL',
    change: (f) => edit(join(f.site, 'pages/english-only.yaml'), (t) => t.replace('en: english-only', 'en: careers')),
    error: {
      name: 'DuplicateUrl',
      file: /pages\/english-only\.yaml$/,
      line: 2,
      field: 'slug',
      message: /\/careers\/ is produced both here and by .*careers\.yaml:2/,
    },
  },
  {
    name: 'a reference to a missing constant in YAML',
    change: (f) => edit(join(f.site, 'pages/home.yaml'), (t) => t.replace('{claims.trialDays} days.', '{claims.trialMonths} months.')),
    error: {
      name: 'MissingConstant',
      file: /pages\/home\.yaml$/,
      line: 4,
      field: 'seo.en.description',
      message: /\{claims\.trialMonths\} does not name a value/,
    },
  },
  {
    name: 'a reference to a missing constant in markdown',
    change: (f) => edit(join(f.site, 'legal/careers-en.md'), (t) => t.replace('{careers.engineeringPtoDays}', '{careers.ptoDays}')),
    error: { name: 'MissingConstant', file: /legal\/careers-en\.md$/, line: 8, message: /\{careers\.ptoDays\}/ },
  },
  {
    name: 'a reference to a missing message',
    change: (f) => edit(join(f.site, 'navigation.yaml'), (t) => t.replace('label: Blog', 'label: { message: nav.blogg }')),
    error: { name: 'MissingMessage', file: /navigation\.yaml$/, line: 3, field: 'navbar.1.label.message', message: /"nav\.blogg" exists in no locale file/ },
  },
  {
    name: 'an image a template names that does not exist',
    change: (f) => edit(join(f.dir, 'templates/pages/home.tsx'), (t) => t.replace('"/images/buenos-aires-at-dusk.jpg"', '"/images/buenos-aires-at-night.jpg"')),
    error: {
      name: 'MissingImage',
      file: /templates\/pages\/home\.tsx$/,
      line: 27,
      field: 'src',
      message: /shows \/images\/buenos-aires-at-night\.jpg \(on \/ and maybe other pages\), but site\/images\/buenos-aires-at-night\.jpg does not exist/,
    },
  },
  {
    name: 'a section kind the landing template does not know',
    change: (f) =>
      writeFile(
        join(f.site, 'pages/partners.yaml'),
        [
          'template: landing',
          'slug: { en: partners }',
          'seo:',
          '  en: { title: Partners, description: Work with us as a partner agency. }',
          'data:',
          '  hero: { title: Partner with us, lead: Whitelabel or associated. }',
          '  sections:',
          '    - kind: faq',
          '      title: Questions',
          '      items: []',
          '    - kind: testimonial',
          '',
        ].join('\n'),
      ),
    error: {
      name: 'InvalidPageData',
      file: /pages\/partners\.yaml$/,
      line: 11,
      field: 'data.sections.1.kind',
      message: /data\.sections\.1\.kind is "testimonial"; expected one of cards, .*testimonials.* The landing template cannot render \/partners\/ with it\./,
    },
  },
  {
    name: 'a section preview of a section that does not exist',
    change: (f) =>
      writeFile(
        join(f.site, 'pages/preview.yaml'),
        [
          'template: section-preview',
          'slug: { en: landing/heroo }',
          'noindex: true',
          'seo:',
          '  en: { title: Hero preview, description: The hero section alone. }',
          'data:',
          '  title: Hero',
          '  section: heroo',
          '',
        ].join('\n'),
      ),
    error: {
      name: 'InvalidPageData',
      file: /pages\/preview\.yaml$/,
      line: 8,
      field: 'data.section',
      message: /data\.section is "heroo"; expected one of hero, navbar, /,
    },
  },
  {
    name: 'an island given a function as a prop',
    change: (f) =>
      edit(join(f.dir, 'templates/sections/Contact.tsx'), (t) =>
        t.replace('<ContactForm requirePhone={requirePhone} />', '<ContactForm requirePhone={requirePhone} onSent={() => undefined} />'),
      ),
    error: {
      name: 'IslandPropError',
      file: /templates\/sections\/Contact\.tsx$/,
      line: 21,
      field: 'onSent',
      message: /Template "home" \(on \/\) passes the island "contact-form" the prop "onSent", which is a function/,
    },
  },
  {
    name: 'an island given a class instance deep in a prop',
    change: (f) =>
      edit(join(f.dir, 'templates/pages/blog-list.tsx'), (t) => t.replace('<NewsletterForm />', '<NewsletterForm extra={{ since: [new Date(0)] }} />')),
    error: {
      name: 'IslandPropError',
      file: /templates\/pages\/blog-list\.tsx$/,
      line: lineIn(join(TEMPLATES, 'pages/blog-list.tsx'), '<Island name="newsletter-form">'),
      field: 'extra.since[0]',
      message: /Template "blog-list" .*island "newsletter-form" the prop "extra\.since\[0\]", which is an instance of Date/,
    },
  },
  {
    name: 'an island name with no file in templates/islands',
    change: (f) => edit(join(f.dir, 'templates/sections/Contact.tsx'), (t) => t.replace('<Island name="contact-form">', '<Island name="contact-box">')),
    error: {
      name: 'UnknownIsland',
      file: /templates\/sections\/Contact\.tsx$/,
      line: 21,
      field: 'name',
      message: /templates\/islands\/contact-box\.tsx does not exist/,
    },
  },
  {
    name: 'an unknown field in a page',
    change: (f) => edit(join(f.site, 'pages/careers.yaml'), (t) => t + 'layout: wide\n'),
    // At its own line, the file's last: the one to delete or rename.
    error: {
      name: 'InvalidField',
      file: /pages\/careers\.yaml$/,
      line: readFileSync(join(ROOT, 'tests/fixtures/basic/site/pages/careers.yaml'), 'utf8').split('\n').length,
      message: /unknown key "layout"/,
    },
  },
];

describe('bad input stops the build with file:line, field and what was expected, and leaves out/ untouched', () => {
  it.each(cases)('$name', async ({ change, error }) => {
    const f = await copyFixture('basic');
    try {
      await mkdir(f.out, { recursive: true });
      await writeFile(join(f.out, 'previous.html'), 'previous build');
      await change(f);
      const failure = await buildFixture(f).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(SiteError);
      const site = failure as SiteError;
      expect(site.name).toBe(error.name);
      expect(site.location?.file).toMatch(error.file);
      expect(site.location?.line).toBe(error.line);
      if (error.field) expect(site.data.field).toBe(error.field);
      expect(site.message).toMatch(error.message);
      // The previous output is exactly as it was, and no staging folder is left behind.
      expect(await readdir(f.out)).toEqual(['previous.html']);
      expect((await readdir(f.dir)).filter((n) => n.includes('staging'))).toEqual([]);
    } finally {
      await f.cleanup();
    }
  });
});

describe('the CLI', () => {
  it('prints one clear message with a code frame and exits with 1', async () => {
    const f = await copyFixture('basic');
    try {
      await edit(join(f.site, 'blog/en/first-post.md'), (t) => t.replace('date: 2026-01-10', 'date: 10/01/2026'));
      const result = await failedCli(['build', '--site', f.site, '--out', f.out], f.dir);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('error site/blog/en/first-post.md:4:1: Invalid post front matter');
      expect(result.stderr).toContain('Field "date": expected a date written YYYY-MM-DD');
      // One problem, said once: not also "not a real calendar date".
      expect(result.stderr).not.toContain('real calendar date');
      expect(result.stderr).toContain('> 4 | date: 10/01/2026');
      expect(result.stderr).not.toMatch(/at .*\.js:\d+/);
      expect(existsSync(f.out)).toBe(false);
    } finally {
      await f.cleanup();
    }
  });

  it('a --base-url that is not an origin stops before building, naming the option', async () => {
    const f = await copyFixture('basic');
    try {
      for (const [command, value] of [
        ['build', 'staging.example'],
        ['serve', 'https://staging.example/preview'],
        ['check', 'staging.example'],
      ]) {
        const result = await failedCli([command!, '--base-url', value!], f.dir);
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(
          `error: option '--base-url <url>' argument '${value}' is invalid. expected the site's origin, like https://staging.example.com: http(s), the host, no path`,
        );
      }
      expect(existsSync(f.out)).toBe(false);
    } finally {
      await f.cleanup();
    }
  });

  it('run inside the site folder, says to run it from the folder above', async () => {
    const f = await copyFixture('basic');
    try {
      const inside = await failedCli(['build'], f.site);
      expect(inside.code).toBe(1);
      expect(inside.stderr).toContain('error site/site.yaml: Missing configuration file (MissingConfigFile)');
      expect(inside.stderr).toContain('hint: This folder is the site folder itself: run agency-site from the project folder above it (cd ..)');
      // Elsewhere the hint is the general one.
      const elsewhere = await failedCli(['build'], join(f.dir, 'templates'));
      expect(elsewhere.stderr).toContain('hint: Point --site at the folder that holds site.yaml');
    } finally {
      await f.cleanup();
    }
  });

  it('builds with the flags of the README and prints the report', async () => {
    const f = await copyFixture('basic');
    try {
      const { stdout } = await run(
        'node',
        [join(ROOT, 'bin/agency-site'), 'build', '--site', 'site', '--out', 'public', '--base-url', 'https://staging.example'],
        { cwd: f.dir },
      );
      expect(stdout).toMatch(/^built 17 pages \(en 8, es 9\) into public/m);
      expect(await readFile(join(f.dir, 'public/index.html'), 'utf8')).toContain('href="https://staging.example/"');
      const help = await run('node', [join(ROOT, 'bin/agency-site'), '--help']);
      expect(help.stdout).toContain('build');
      expect(help.stdout).toContain('serve');
    } finally {
      await f.cleanup();
    }
  });
});
