import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as catalogue from '../../../src/errors/catalogue/index.ts';
import { ERROR_ENTRIES, FINDING_ENTRIES, SiteError, siteErrorFromData, STAGES, WARNING_ENTRIES, type SourceLocation } from '../../../src/errors/index.ts';

const at: SourceLocation = { file: 'site/pages/home.yaml', line: 3, column: 5 };
const yaml = { file: 'site/pages/home.yaml', source: 'template: home\nslug:\n  en: home\n' };
const zodError = z.object({ template: z.number() }).safeParse({ template: 'home' }, { reportInput: true }).error!;
const esbuildFailure = Object.assign(new Error('Build failed with 1 error'), {
  errors: [{ text: 'Unexpected "}"', location: { file: 'templates/pages/home.tsx', line: 4, column: 2 } }],
});

type ErrorFactory = Exclude<keyof typeof catalogue, `${string}Warning` | `${string}Finding`>;

// One call per factory, with the arguments a real call site passes.
const cases: Record<ErrorFactory, () => SiteError> = {
  yamlSyntaxError: () => catalogue.yamlSyntaxError(yaml, { message: 'bad indentation of a mapping entry (2:3)\n\n 2 | slug:', mark: { line: 1, column: 2 } }),
  invalidSocialCardError: () =>
    catalogue.invalidSocialCardError('templates/social-card.svg', 'it has no empty <text id="title"> element saying where the page title goes'),
  invalidFieldError: () => catalogue.invalidFieldError(yaml, zodError, 'page'),
  invalidEncodingError: () => catalogue.invalidEncodingError({ file: 'site/blog/es/como-migrar.md', line: 2, column: 10 }, 0xf3, 'ó'),
  missingConfigFileError: () => catalogue.missingConfigFileError('site/site.yaml'),
  missingConstantError: () => catalogue.missingConstantError(at, 'claims.trialDays', 'seo.en.description'),
  missingFileError: () => catalogue.missingFileError(at, 'legal/privacy-en.md', 'markdown.en'),
  missingFrontMatterError: () => catalogue.missingFrontMatterError('site/blog/en/first-post.md'),
  duplicateTranslationKeyError: () => catalogue.duplicateTranslationKeyError(at, 'site/blog/es/primer-articulo.md', 'first', 'es'),
  fileChangedDuringBuildError: () => catalogue.fileChangedDuringBuildError('site/blog/en/first-post.md'),
  manyProblemsError: () =>
    catalogue.manyProblemsError([
      catalogue.externalImageError({ file: 'site/blog/gatsby-hooks/index.md', line: 9 }, 'https://imgur.com/a.png'),
      catalogue.missingImageError({ file: 'site/blog/gatsby-hooks/index.es.md', line: 12 }, './falta.png', undefined, '/blog/gatsby-hooks/falta.png'),
    ]),
  unknownMarkdownComponentError: () => catalogue.unknownMarkdownComponentError(at, 'callout', ['cta', 'note']),
  missingLocaleFileError: () => catalogue.missingLocaleFileError('locales/pt.yaml', 'pt'),
  missingMessageError: () => catalogue.missingMessageError(at, 'nav.blogg', 'navbar.2.label.message'),
  missingTemplateMessageError: () =>
    catalogue.missingTemplateMessageError({ file: 'templates/pages/blog-post.tsx', line: 30, column: 12 }, 'blog.bakc', '/blog/first-post/'),
  unknownTemplateError: () => catalogue.unknownTemplateError(at, 'careers-page', ['home', 'landing']),
  duplicateUrlError: () => catalogue.duplicateUrlError('/careers/', { file: 'site/pages/careers.yaml', line: 2 }, at),
  unknownCollectionError: () => catalogue.unknownCollectionError(at, 'awards', ['services', 'team']),
  unknownPageError: () => catalogue.unknownPageError(at, 'pricing', 'es', 'navbar.1.href.page'),
  redirectConflictError: () => catalogue.redirectConflictError('/old-services/', { file: 'site/pages/home.yaml', line: 12 }, at),
  invalidRedirectError: () => catalogue.invalidRedirectError(at, 'redirects.0.to', 'http://talks.example.com/ is not an https:// URL.'),
  urlDisappearedError: () => catalogue.urlDisappearedError([{ path: '/blog/retired/', file: 'site/blog/en/retired.md', locale: 'en', page: 'post:retired' }]),
  invalidUrlLockError: () => catalogue.invalidUrlLockError({ file: 'site/urls.lock', line: 40 }, '<<<<<<< HEAD'),
  externalImageError: () => catalogue.externalImageError(at, 'https://example.com/logo.png'),
  missingImageError: () => catalogue.missingImageError(at, '/images/missing.png'),
  missingTemplateImageError: () => catalogue.missingTemplateImageError({ file: 'templates/pages/home.tsx', line: 27 }, '/images/night.jpg', '/'),
  missingAltTextError: () => catalogue.missingAltTextError(at, '/images/chart.png'),
  invalidImageError: () => catalogue.invalidImageError('site/images/logo.svg', 'an SVG needs width and height, or a viewBox, so pages can reserve its space'),
  templateCompileError: () => catalogue.templateCompileError(esbuildFailure, 'templates'),
  invalidPageDataError: () =>
    catalogue.invalidPageDataError({
      location: { file: 'site/pages/partners.yaml', line: 27 },
      field: 'data.sections.0.kind',
      template: 'landing',
      pageUrl: '/partners/',
      message: 'data.sections.0.kind is "card"; expected one of cards, steps.',
    }),
  templateRuntimeError: () =>
    catalogue.templateRuntimeError(
      { file: 'templates/pages/blog-post.tsx', line: 22, column: 9 },
      { template: 'blog-post', page: '/blog/first-post/', message: "Cannot read properties of undefined (reading 'title')" },
    ),
  islandPropError: () =>
    catalogue.islandPropError(
      { file: 'templates/sections/Contact.tsx', line: 20 },
      { template: 'home', island: 'contact-form', prop: 'onSent', reason: 'a function', page: '/' },
    ),
  unknownIslandError: () =>
    catalogue.unknownIslandError(
      { file: 'templates/sections/Contact.tsx', line: 20 },
      { template: 'home', island: 'contact-box', known: ['contact-form', 'newsletter-form'] },
    ),
  clientBundleError: () => catalogue.clientBundleError(esbuildFailure),
  cssError: () => catalogue.cssError(esbuildFailure),
  invalidPostSlugError: () => catalogue.invalidPostSlugError('site/blog/es/Como-Migrar.md', 'Como-Migrar', 'como-migrar', false),
  emptyPostError: () => catalogue.emptyPostError({ file: 'site/blog/en/new-post.md', line: 9 }),
  hugoShortcodeError: () =>
    catalogue.hugoShortcodeError({ file: 'site/blog/a-post/index.md', line: 9, column: 1 }, '{{< gallery match="shots/*" >}}', 'gallery'),
  unplacedPostFileError: () =>
    catalogue.unplacedPostFileError('site/blog/first-post/index.de.md', 'it is written in "de", and this site\'s locales are en, es (site.yaml)'),
  outMissingError: () => catalogue.outMissingError('out'),
  outputStaleError: () => catalogue.outputStaleError('out', '1 source file changed since the last build, site/blog/en/hello.md'),
  leadsDatabaseMissingError: () => catalogue.leadsDatabaseMissingError('.data/leads.db'),
  formsOptionError: () => catalogue.formsOptionError('--smtp-url', '"https://mail.example.com" is not an SMTP URL.'),
  deployOptionError: () => catalogue.deployOptionError('--target', '"bucket" is not s3://<bucket>[/<prefix>].'),
  deployBucketNotFoundError: () => catalogue.deployBucketNotFoundError('no-such-bucket', 'AWS (us-east-1)'),
  deployAccessError: () => catalogue.deployAccessError('site-bucket', 'No AWS credentials were found'),
  deployUnreachableError: () => catalogue.deployUnreachableError('http://127.0.0.1:9', 'ECONNREFUSED'),
  deployTooManyDeletesError: () => catalogue.deployTooManyDeletesError(300, 256),
  deployFailedError: () => catalogue.deployFailedError('uploading', 'SlowDown: Please reduce your request rate'),
  redirectFunctionFailedError: () => catalogue.redirectFunctionFailedError('E2QWRUHAPOMQZL', 'PreconditionFailed: the ETag changed'),
  redirectFunctionTooLargeError: () => catalogue.redirectFunctionTooLargeError(212, 14_950, 10_240),
  invalidationFailedError: () => catalogue.invalidationFailedError('EWRONG0000', 'NoSuchDistribution: not found'),
  unknownLocaleError: () => catalogue.unknownLocaleError('pt', ['en', 'es'], 'site/site.yaml'),
  emptySlugError: () => catalogue.emptySlugError('¿?'),
  postExistsError: () => catalogue.postExistsError('site/blog/en/first-post.md'),
};

describe('the error catalogue', () => {
  it('has a case in this test for every factory it exports', () => {
    const factories = Object.entries(catalogue)
      .filter(([name, value]) => typeof value === 'function' && !name.endsWith('Warning') && !name.endsWith('Finding'))
      .map(([name]) => name);
    expect(Object.keys(cases).sort()).toEqual(factories.sort());
  });

  it('gives every finding a permanent name from the catalogue, its check and its severity, with a case able to say more', () => {
    type Make = (c: { file: string; message: string; hint?: string }) => Record<string, unknown>;
    const findings = Object.entries(catalogue).filter(([name]) => name.endsWith('Finding')) as Array<[string, Make]>;
    const known = [...ERROR_ENTRIES, ...WARNING_ENTRIES, ...FINDING_ENTRIES].map((e) => e.name);
    expect(findings.length).toBeGreaterThanOrEqual(FINDING_ENTRIES.length);
    for (const [factory, make] of findings) {
      const finding = make({ file: 'site/x.md', message: 'what' });
      expect(known, factory).toContain(finding.name);
      expect(['content', 'links', 'redirects', 'structured-data', 'claims', 'budgets', 'translations'], factory).toContain(finding.check);
      expect(['error', 'warning'], factory).toContain(finding.severity);
      expect(String(finding.hint).trim(), factory).toMatch(/\w/);
      expect(make({ file: 'f', message: 'm', hint: 'precise' }).hint).toBe('precise');
    }
  });

  it('names every warning like an error: once, under a stage, each with a title, a "when" and a hint', () => {
    const warnings = Object.entries(catalogue).filter(([name]) => name.endsWith('Warning'));
    expect(warnings.length).toBe(WARNING_ENTRIES.length);
    const names = [...ERROR_ENTRIES, ...WARNING_ENTRIES].map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    for (const [factory, make] of warnings) {
      const warning = (make as (text: string) => { name: string; text: string })('what happened');
      const entry = WARNING_ENTRIES.find((e) => e.name === warning.name);
      expect(entry, factory).toBeDefined();
      expect(factory).toBe(`${entry!.name[0]!.toLowerCase()}${entry!.name.slice(1)}Warning`);
      expect(warning.text).toBe('what happened');
      expect(Object.keys(STAGES)).toContain(entry!.stage);
      for (const text of [entry!.title, entry!.when, entry!.hint]) expect(text.trim(), entry!.name).toMatch(/\w/);
    }
  });

  it.each(Object.entries(cases))('%s makes a SiteError with a name, title, message and hint', (_, make) => {
    const error = make();
    expect(error).toBeInstanceOf(SiteError);
    const entry = ERROR_ENTRIES.find((e) => e.name === error.data.name);
    expect(entry, `${error.data.name} is not a catalogue entry`).toBeDefined();
    expect(error.name).toBe(entry!.name);
    for (const field of ['title', 'message', 'hint'] as const) expect(error.data[field]?.trim(), field).toMatch(/\w/);
  });

  it('gives every entry a unique name, a stage, a title, a hint and a "when"', () => {
    const names = ERROR_ENTRIES.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of ERROR_ENTRIES) {
      expect(Object.keys(STAGES)).toContain(entry.stage);
      expect(entry.name).toMatch(/^[A-Z][A-Za-z]+$/);
      for (const text of [entry.title, entry.when, entry.hint]) expect(text.trim(), entry.name).toMatch(/\w/);
    }
  });

  it('has a factory behind every entry', () => {
    const made = new Set(Object.values(cases).map((make) => make().data.name));
    expect(ERROR_ENTRIES.map((e) => e.name).filter((name) => !made.has(name))).toEqual([]);
  });

  it('writes MissingImage and MissingAltText once, whatever shows the image', () => {
    expect(ERROR_ENTRIES.filter((e) => e.name === 'MissingImage' || e.name === 'MissingAltText')).toHaveLength(2);
    expect(cases.missingImageError().data.title).toBe(cases.missingTemplateImageError().data.title);
    const yamlAlt = catalogue.missingAltTextError(at, '/images/team.jpg', 'data.image.alt');
    expect(yamlAlt.data).toMatchObject({ name: 'MissingAltText', title: 'Image without alt text', field: 'data.image.alt' });
    expect(yamlAlt.data.hint).toContain('alt: { en: …, es: … }');
  });

  it('carries several problems as one error, each with its own name and line; one problem stays itself', () => {
    const many = cases.manyProblemsError();
    expect(many.data.message).toBe('2 problems in 2 files; the build stopped.');
    expect(many.data.problems?.map((p) => [p.name, p.location?.line])).toEqual([
      ['ExternalImage', 9],
      ['MissingImage', 12],
    ]);
    // Nested groups (one file's problems inside the build's) are flattened.
    expect(catalogue.manyProblemsError([many, cases.missingAltTextError()]).data.problems).toHaveLength(3);
    expect(catalogue.manyProblemsError([cases.missingAltTextError()]).data.name).toBe('MissingAltText');
  });

  it('places esbuild failures at their file, line and 1-based column', () => {
    expect(cases.templateCompileError().data).toMatchObject({ message: 'Unexpected "}"', location: { file: 'templates/pages/home.tsx', line: 4, column: 3 } });
    expect(cases.templateCompileError().cause).toBe(esbuildFailure);
    const two = {
      errors: [
        { text: 'Expected ";"', location: null },
        { text: 'Unexpected end of file', location: null },
      ],
    };
    expect(catalogue.cssError(two).data).toMatchObject({ message: 'Expected ";" (and 1 more)' });
    expect(catalogue.cssError(two).data.location).toBeUndefined();
  });

  it('places a schema problem on its line and names the field', () => {
    expect(cases.invalidFieldError().data).toMatchObject({ title: 'Invalid page', field: 'template', location: { file: 'site/pages/home.yaml', line: 1 } });
    expect(cases.invalidFieldError().message).toBe('Field "template": expected number, got "home".');
  });

  it('rebuilds a SiteError from its data after a thread boundary (the render pool)', () => {
    const sent = structuredClone(cases.yamlSyntaxError().data);
    const error = siteErrorFromData(sent);
    expect(error).toBeInstanceOf(SiteError);
    expect(error.data).toMatchObject({ name: 'YamlSyntaxError', title: 'Malformed YAML', location: { file: 'site/pages/home.yaml', line: 2, column: 3 } });
    expect(error.cause).toMatchObject({ message: expect.stringContaining('bad indentation') });
  });
});
