// What every compile-time patch of compile.mjs shares: an esbuild plugin that edits one upstream
// file as it is bundled. Each edit's text must be there exactly once, or the compile stops and
// says what is missing, so a new version written otherwise never leaves a patch silently stale.
import { readFile } from 'node:fs/promises';

/**
 * @param {{ name: string, file: RegExp, edits: Array<[before: string | RegExp, after: string, missing: string]> }} patch
 *   `name`: the script (scripts/<name>.mjs) that explains it; `file`: esbuild's filter for the
 *   upstream file; each edit: the text to replace (a RegExp where whitespace varies), its
 *   replacement, and what the file no longer does when the text is not there once.
 */
export function patchUpstream({ name, file, edits }) {
  return {
    name,
    setup(build) {
      build.onLoad({ filter: file }, async ({ path }) => {
        let text = await readFile(path, 'utf8');
        for (const [before, after, missing] of edits) {
          const found = typeof before === 'string' ? text.split(before).length - 1 : (text.match(new RegExp(before.source, 'g')) ?? []).length;
          if (found !== 1) throw new Error(`${path} no longer ${missing} as scripts/${name}.mjs expects: check the patch is still needed`);
          text = text.replace(before, after);
        }
        return { contents: text, loader: 'js' };
      });
    },
  };
}
