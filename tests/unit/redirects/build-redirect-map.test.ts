import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../src/errors/index.ts';
import { buildRedirectMap, matchRedirect, parseRedirectRules, type LockEntry, type RedirectMapInput } from '../../../src/redirects/index.ts';

// The pages a small bilingual site makes: home, services, the blog and one translated post.
const live: LockEntry[] = [
  { path: '/', page: 'home', locale: 'en', file: 'site/pages/home.yaml' },
  { path: '/es/', page: 'home', locale: 'es', file: 'site/pages/home.yaml' },
  { path: '/services/', page: 'services', locale: 'en', file: 'site/pages/services.yaml' },
  { path: '/es/servicios/', page: 'services', locale: 'es', file: 'site/pages/services.yaml' },
  { path: '/blog/', page: 'blog', locale: 'en', file: 'site/pages/blog.yaml' },
  { path: '/blog/event-loop/', page: 'post:event-loop', locale: 'en', file: 'site/blog/en/event-loop.md' },
  { path: '/es/blog/bucle-de-eventos/', page: 'post:event-loop', locale: 'es', file: 'site/blog/es/bucle-de-eventos.md' },
];

const rules = (yaml: string) => parseRedirectRules({ file: 'site/redirects.yaml', source: yaml });
const map = (input: Partial<RedirectMapInput>) => buildRedirectMap({ live, aliases: [], rules: [], ...input });
const errorOf = (fn: () => unknown): SiteError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof SiteError) return error;
    throw error;
  }
  throw new Error('expected a SiteError');
};

describe('buildRedirectMap', () => {
  const cases: Array<{ name: string; input: Partial<RedirectMapInput>; expected: Array<[string, number, string?]> }> = [
    {
      name: 'an alias per locale leads to its page in that locale',
      input: {
        aliases: [
          { from: '/what-we-do', page: 'services', locale: 'en', location: { file: 'site/pages/services.yaml', line: 9 } },
          { from: '/es/que-hacemos/', page: 'services', locale: 'es', location: { file: 'site/pages/services.yaml', line: 10 } },
        ],
      },
      expected: [
        ['/es/que-hacemos/', 301, '/es/servicios/'],
        ['/what-we-do/', 301, '/services/'],
      ],
    },
    {
      name: 'redirects.yaml: one-off path, external https target, splat, gone, page by id and locale',
      input: {
        rules: rules(
          [
            'redirects:',
            '  - { from: /react-as-a-ui-runtime/, to: /blog/event-loop/ }',
            '  - { from: /talks/, to: "https://talks.southbridge.dev/" }',
            '  - { from: /old-blog/*, to: "/blog/:splat" }',
            '  - { from: /servicios/, to: { page: services, locale: es } }',
            'gone:',
            '  - /blog/retired/',
          ].join('\n'),
        ),
      },
      expected: [
        ['/blog/retired/', 410],
        ['/react-as-a-ui-runtime/', 301, '/blog/event-loop/'],
        ['/servicios/', 301, '/es/servicios/'],
        ['/talks/', 301, 'https://talks.southbridge.dev/'],
        ['/old-blog/*', 301, '/blog/:splat'],
      ],
    },
    {
      name: 'chains are collapsed to where they end (a page, or gone)',
      input: {
        rules: rules(
          [
            'redirects:',
            '  - { from: /a/, to: /b/ }',
            '  - { from: /b/, to: /c/ }',
            '  - { from: /c/, to: /services/ }',
            '  - { from: /d/, to: /e/ }',
            'gone: [/e/]',
          ].join('\n'),
        ),
      },
      expected: [
        ['/a/', 301, '/services/'],
        ['/b/', 301, '/services/'],
        ['/c/', 301, '/services/'],
        ['/d/', 410],
        ['/e/', 410],
      ],
    },
    {
      name: 'a chain through a splat ends at the filled target',
      input: { rules: rules(['redirects:', '  - { from: /x/, to: /old-blog/event-loop/ }', '  - { from: /old-blog/*, to: "/blog/:splat" }'].join('\n')) },
      expected: [
        ['/x/', 301, '/blog/event-loop/'],
        ['/old-blog/*', 301, '/blog/:splat'],
      ],
    },
    {
      name: 'the lock: a slug renamed in English and in Spanish redirects by itself; a later page of a list leads to the list',
      input: {
        lock: [
          ...live.filter((e) => e.page !== 'post:event-loop'),
          { path: '/blog/nodejs-event-loop/', page: 'post:event-loop', locale: 'en', file: 'site/blog/en/nodejs-event-loop.md' },
          { path: '/es/blog/el-bucle/', page: 'post:event-loop', locale: 'es', file: 'site/blog/es/el-bucle.md' },
          { path: '/blog/page/2/', page: 'blog:page:2', locale: 'en', file: 'site/pages/blog.yaml' },
        ],
      },
      expected: [
        ['/blog/nodejs-event-loop/', 301, '/blog/event-loop/'],
        ['/blog/page/2/', 301, '/blog/'],
        ['/es/blog/el-bucle/', 301, '/es/blog/bucle-de-eventos/'],
      ],
    },
    {
      name: 'the lock: an old URL renamed twice leads to the newest URL',
      input: {
        lock: [
          ...live,
          { path: '/blog/event-loop-v1/', page: 'post:event-loop', locale: 'en', file: 'site/blog/en/event-loop.md', to: '/blog/event-loop-v2/' },
        ],
      },
      expected: [['/blog/event-loop-v1/', 301, '/blog/event-loop/']],
    },
    {
      name: 'the lock: a removed page covered by gone or by a splat is no error',
      input: {
        lock: [
          ...live,
          { path: '/blog/retired/', page: 'post:retired', locale: 'en', file: 'site/blog/en/retired.md' },
          { path: '/old-blog/intro/', page: 'post:intro', locale: 'en', file: 'site/blog/en/intro.md' },
        ],
        rules: rules('redirects:\n  - { from: /old-blog/*, to: "/blog/:splat" }\ngone: [/blog/retired/]\n'),
      },
      expected: [
        ['/blog/retired/', 410],
        ['/old-blog/*', 301, '/blog/:splat'],
      ],
    },
  ];
  it.each(cases)('$name', ({ input, expected }) => {
    expect(map(input).redirects.map((r) => (r.to ? [r.from, r.status, r.to] : [r.from, r.status]))).toEqual(expected);
  });

  it('keeps old URLs in the next lock, each with where it leads now, and updates the file of a post moved into a bundle', () => {
    const moved = live.map((e) => (e.page === 'post:event-loop' && e.locale === 'en' ? { ...e, file: 'site/blog/en/event-loop/index.md' } : e));
    const result = buildRedirectMap({
      live: moved,
      aliases: [],
      rules: rules('gone: [/blog/retired/]\n'),
      lock: [
        ...live,
        { path: '/blog/retired/', page: 'post:retired', locale: 'en', file: 'site/blog/en/retired.md' },
        { path: '/blog/loop/', page: 'post:event-loop', locale: 'en', file: 'site/blog/en/event-loop.md' },
      ],
    });
    expect(result.redirects.map((r) => r.from)).toEqual(['/blog/loop/', '/blog/retired/']);
    expect(result.moved.map((m) => [m.path, m.to])).toEqual([['/blog/loop/', '/blog/event-loop/']]);
    expect(result.lock).toEqual(
      expect.arrayContaining([
        { path: '/blog/event-loop/', page: 'post:event-loop', locale: 'en', file: 'site/blog/en/event-loop/index.md' },
        { path: '/blog/loop/', page: 'post:event-loop', locale: 'en', file: 'site/blog/en/event-loop.md', to: '/blog/event-loop/' },
        { path: '/blog/retired/', page: 'post:retired', locale: 'en', file: 'site/blog/en/retired.md', to: 'gone' },
      ]),
    );
  });

  it('reports an alias that names a real page as shadowed, and leaves it out', () => {
    const result = map({ aliases: [{ from: '/services/', page: 'home', locale: 'en', location: { file: 'site/pages/home.yaml', line: 4 } }] });
    expect(result.redirects).toEqual([]);
    expect(result.shadowed).toEqual([{ from: '/services/', location: { file: 'site/pages/home.yaml', line: 4 } }]);
  });

  const errors: Array<{ name: string; input: () => Partial<RedirectMapInput>; error: string; message: RegExp; file: string; line?: number }> = [
    {
      name: 'two pages claiming one alias: one error naming both files',
      input: () => ({
        aliases: [
          { from: '/old/', page: 'home', locale: 'en', location: { file: 'site/pages/home.yaml', line: 3 } },
          { from: '/old', page: 'services', locale: 'en', location: { file: 'site/pages/services.yaml', line: 7 } },
        ],
      }),
      error: 'RedirectConflict',
      message: /\/old\/ is claimed both here and by site\/pages\/home\.yaml:3/,
      file: 'site/pages/services.yaml',
      line: 7,
    },
    {
      name: 'a loop',
      input: () => ({ rules: rules('redirects:\n  - { from: /a/, to: /b/ }\n  - { from: /b/, to: /a/ }\n') }),
      error: 'InvalidRedirect',
      message: /loop: \/a\/ → \/b\/ → \/a\/\. redirects\.0\.to$/,
      file: 'site/redirects.yaml',
      line: 2,
    },
    {
      name: 'a splat leading back under itself: every request one level deeper, for ever',
      input: () => ({ rules: rules('redirects:\n  - { from: /old/*, to: "/old/archive/:splat" }\n') }),
      error: 'InvalidRedirect',
      message: /loop: \/old\/\* → \/old\/\*; every path under \/old\/ would be sent back under it/,
      file: 'site/redirects.yaml',
      line: 2,
    },
    {
      name: 'two splats leading into each other',
      input: () => ({ rules: rules('redirects:\n  - { from: /a/*, to: "/b/:splat" }\n  - { from: /b/*, to: "/a/x/:splat" }\n') }),
      error: 'InvalidRedirect',
      message: /loop: \/a\/\* → \/b\/\* → \/a\/\*/,
      file: 'site/redirects.yaml',
      line: 2,
    },
    {
      name: 'a splat that would capture a real page',
      input: () => ({ rules: rules('redirects:\n  - { from: /blog/*, to: "/articles/:splat" }\n') }),
      error: 'InvalidRedirect',
      message: /\/blog\/\* would also capture \/blog\/, a page made by site\/pages\/blog\.yaml/,
      file: 'site/redirects.yaml',
      line: 2,
    },
    {
      name: 'an external target that is not https',
      input: () => ({ rules: rules('redirects:\n  - from: /talks/\n    to: http://talks.example.com/\n') }),
      error: 'InvalidRedirect',
      message: /http:\/\/talks\.example\.com\/ is not an https:\/\/ URL/,
      file: 'site/redirects.yaml',
      line: 2,
    },
    {
      name: 'a page target that is not published in that locale',
      input: () => ({ rules: rules('redirects:\n  - { from: /x/, to: { page: services, locale: pt } }\n') }),
      error: 'InvalidRedirect',
      message: /No page "services" is published in pt/,
      file: 'site/redirects.yaml',
      line: 2,
    },
    {
      name: 'a locked URL no page makes any more, with the two fixes',
      input: () => ({ lock: [...live, { path: '/blog/retired/', page: 'post:retired', locale: 'en', file: 'site/blog/en/retired.md' }] }),
      error: 'UrlDisappeared',
      message: /\/blog\/retired\/ \(last made by site\/blog\/en\/retired\.md\)/,
      file: 'site/blog/en/retired.md',
    },
    {
      name: 'a malformed redirects.yaml entry: the field at its line',
      input: () => ({ rules: rules('redirects:\n  - from: old-page\n    to: /services/\n') }),
      error: 'InvalidField',
      message: /redirects\.0\.from/,
      file: 'site/redirects.yaml',
      line: 2,
    },
    {
      name: 'a redirects.yaml entry without a target: what "to" takes',
      input: () => ({ rules: rules('redirects:\n  - { from: /a/, to: /services/ }\n  - { from: /b/ }\n') }),
      error: 'InvalidField',
      message: /"redirects\.1\.to": expected a path starting with "\/", an https:\/\/ URL, or \{ page: <id>, locale: <locale> \}/,
      file: 'site/redirects.yaml',
      line: 3,
    },
  ];
  it.each(errors)('$name', ({ input, error, message, file, line }) => {
    const e = errorOf(() => map(input()));
    expect(e.name).toBe(error);
    expect(`${e.message} ${e.data.field ?? ''}`).toMatch(message);
    expect(e.location?.file).toBe(file);
    if (line !== undefined) expect(e.location?.line).toBe(line);
  });

  it('the lost-URL error names both fixes', () => {
    const e = errorOf(() => map({ lock: [...live, { path: '/blog/retired/', page: 'post:retired', locale: 'en', file: 'site/blog/en/retired.md' }] }));
    expect(e.data.hint).toMatch(/aliases: \[\/blog\/retired\/\]/);
    expect(e.data.hint).toContain('aliases: { en: [/blog/retired/] }');
    expect(e.data.hint).toMatch(/gone: \[\/blog\/retired\/\]/);
  });
});

describe('matchRedirect', () => {
  const redirects = map({
    rules: rules(
      'redirects:\n  - { from: /old/, to: /services/ }\n  - { from: /old-blog/*, to: "/blog/:splat" }\n  - { from: /old-blog/special/, to: /blog/ }\n',
    ),
  }).redirects;
  it.each([
    ['/old/', '/services/'],
    ['/old', '/services/'],
    ['/old-blog/special/', '/blog/'],
    ['/old-blog/a/b/', '/blog/a/b/'],
    ['/services/', undefined],
  ])('%s → %s', (path, to) => {
    expect(matchRedirect(redirects, path)?.to).toBe(to);
  });
});
