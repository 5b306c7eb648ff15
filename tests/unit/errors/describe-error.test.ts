import { describe, expect, it } from 'vitest';
import { describeError } from '../../../src/cli/describe-error.ts';
import { externalImageError, internalError, manyProblemsError, missingConfigFileError, SiteError } from '../../../src/errors/index.ts';

/** connect ECONNREFUSED ← fetch failed ← the error we throw: three causes deep under a SiteError. */
function chainOfThree(): { top: SiteError; causes: Error[] } {
  const socket = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
  const fetchFailed = new TypeError('fetch failed', { cause: socket });
  const upload = new Error('upload of assets/site.css failed:\n  the request never reached the server', { cause: fetchFailed });
  const top = new SiteError({ ...missingConfigFileError('site/site.yaml').data, cause: upload });
  return { top, causes: [upload, fetchFailed, socket] };
}

describe('describeError', () => {
  it('prints every problem of a build, each in the one-error format, up to 50 and then a count', () => {
    const problems = Array.from({ length: 57 }, (_, i) =>
      externalImageError({ file: `site/blog/post-${i % 3}/index.md`, line: i + 1 }, `https://i.imgur.com/${i}.png`),
    );
    const text = describeError(manyProblemsError(problems));
    const errors = text.split('\n').filter((l) => l.startsWith('error '));
    expect(errors).toHaveLength(50);
    expect(errors[0]).toBe('error site/blog/post-0/index.md:1: Image outside site/images (ExternalImage)');
    expect(errors[49]).toBe('error site/blog/post-1/index.md:50: Image outside site/images (ExternalImage)');
    expect(text).toContain('  hint: Save the image beside the post');
    expect(text.split('\n').slice(-3)).toEqual(['… and 7 more problems not shown.', '', '57 problems in 3 files; the build stopped. (ManyProblems)']);
    expect(describeError(manyProblemsError(problems.slice(0, 2)), { oneLine: true }).split('\n')).toEqual([
      'error Image outside site/images: site/blog/post-0/index.md:1: "https://i.imgur.com/0.png" is on another site; images are published from this site so they can be resized, and they do not vanish when the other site does.',
      'error Image outside site/images: site/blog/post-1/index.md:2: "https://i.imgur.com/1.png" is on another site; images are published from this site so they can be resized, and they do not vanish when the other site does.',
    ]);
  });

  it('numbers the cause chain under the error, one message each', () => {
    const text = describeError(chainOfThree().top);
    expect(text.split('\n')).toEqual([
      'error site/site.yaml: Missing configuration file (MissingConfigFile)',
      '  site/site.yaml does not exist.',
      '  hint: Point --site at the folder that holds site.yaml and constants.yaml (the default is ./site).',
      'Caused by:',
      '  1. upload of assets/site.css failed: the request never reached the server',
      '  2. TypeError: fetch failed',
      '  3. connect ECONNREFUSED 127.0.0.1:9',
    ]);
  });

  it("shows each cause's stack under --verbose, indented under its number", () => {
    const { top } = chainOfThree();
    const lines = describeError(top, { verbose: true }).split('\n');
    const causedBy = lines.indexOf('Caused by:');
    expect(lines.slice(causedBy + 1).filter((line) => /^ {2}\d\. /.test(line))).toEqual([
      '  1. Error: upload of assets/site.css failed:',
      '  2. TypeError: fetch failed',
      '  3. Error: connect ECONNREFUSED 127.0.0.1:9',
    ]);
    expect(lines.slice(causedBy + 1).some((line) => /^ {5}\s*at .*describe-error\.test\.ts/.test(line))).toBe(true);
    expect(describeError(top)).not.toMatch(/\n\s+at /);
  });

  it('prints an internal error with its causes, and its stack only under --verbose', () => {
    const error = internalError('render worker crashed', new RangeError('Maximum call stack size exceeded'));
    expect(describeError(error)).toBe('Internal error: render worker crashed\nCaused by:\n  1. RangeError: Maximum call stack size exceeded');
    expect(describeError(error, { verbose: true })).toMatch(/^Internal error: render worker crashed\nError: Internal error: render worker crashed\n\s+at /);
  });

  it('calls anything else an internal error, and adds no "Caused by" without a cause', () => {
    expect(describeError(new Error('ENOENT: no such file or directory'))).toBe('Internal error: ENOENT: no such file or directory');
    expect(describeError('a string')).toBe('Internal error: a string');
  });

  it('joins a first line that ends in a colon with the line it introduces (esbuild)', () => {
    const error = internalError('bundling failed', new Error('Build failed with 1 error:\ntemplates/pages/home.tsx:4:2: ERROR: Unexpected "}"'));
    expect(describeError(error)).toContain('  1. Build failed with 1 error: templates/pages/home.tsx:4:2: ERROR: Unexpected "}"');
  });

  it('does not repeat a cause the error above already quotes, except under --verbose', () => {
    const yaml = Object.assign(new Error('bad indentation of a mapping entry (5:9)\n\n 4 | seo:\n 5 |   en: [unclosed'), { name: 'YAMLException' });
    const error = new SiteError({
      name: 'YamlSyntaxError',
      title: 'Malformed YAML',
      message: 'The file cannot be parsed as YAML: bad indentation of a mapping entry (5:9)',
      cause: yaml,
    });
    expect(describeError(error)).not.toContain('Caused by');
    expect(describeError(error, { verbose: true })).toContain('Caused by:\n  1. YAMLException: bad indentation of a mapping entry (5:9)\n');
  });

  it('does not repeat esbuild\'s "Build failed" when the error is its message', () => {
    const failure = new Error('Build failed with 1 error:\ntemplates/styles/site.css:3:0: ERROR: Unexpected "}"');
    const error = new SiteError({ name: 'CssError', title: 'The stylesheet does not build', message: 'Unexpected "}"', cause: failure });
    expect(describeError(error)).not.toContain('Caused by');
  });

  it('stops at a cause that points back into the chain', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(describeError(internalError('loop', a)).split('\n').slice(1)).toEqual(['Caused by:', '  1. a', '  2. b']);
  });

  it('puts a SiteError on one line for deploy, with its causes (if any) below', () => {
    expect(describeError(missingConfigFileError('site/site.yaml'), { oneLine: true })).toBe('error Missing configuration file: site/site.yaml does not exist.');
    expect(describeError(chainOfThree().top, { oneLine: true }).split('\n')).toHaveLength(5);
  });
});
