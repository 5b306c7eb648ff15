import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { displayPath } from '../node/display-path.ts';
import { buildWithFlags } from './build-command.ts';

export interface CheckFlags {
  site: string;
  out: string;
  baseUrl?: string;
  json?: boolean;
  /** `--no-build`: commander sets false. */
  build?: boolean;
}

/**
 * `check` looks at what the sources make now: when out/ is not the last build of them (an edit
 * since, or no build yet), it builds first, which costs nothing when they are the same. With
 * --no-build, a stale out/ is refused instead of checked.
 */
export async function checkWithFlags(flags: CheckFlags): Promise<void> {
  const { checkUnchanged } = await import('../build/skip-unchanged.ts');
  const skip = checkUnchanged({ siteDir: flags.site, outDir: flags.out, ...(flags.baseUrl ? { baseUrl: flags.baseUrl } : {}) });
  if (!skip.report) {
    const reason = staleReason(flags, skip.changes);
    if (flags.build === false) {
      // No build at all is the checks' own error (BuiltSiteMissing), with its own advice.
      if (existsSync(join(flags.out, 'index.html')) || existsSync(join(flags.out, '404.html'))) {
        const { outputStaleError } = await import('../errors/index.ts');
        throw outputStaleError(displayPath(flags.out), reason);
      }
    } else {
      // stderr: with --json, stdout holds the findings only.
      console.error(`check: ${reason}; building first`);
      const report = await buildWithFlags(
        { site: flags.site, out: flags.out, quiet: true, ...(flags.baseUrl ? { baseUrl: flags.baseUrl } : {}) },
        undefined,
        skip,
      );
      console.error(`check: built ${report.pages} pages (${report.rendered} rendered)`);
    }
  }
  const { checkSite, formatFindings } = await import('../checks/index.ts');
  const result = await checkSite({ siteDir: flags.site, outDir: flags.out, ...(flags.baseUrl ? { baseUrl: flags.baseUrl } : {}) });
  console.log(flags.json ? JSON.stringify(result.findings, null, 2) : formatFindings(result.findings, { pages: result.pages }));
  if (result.errors > 0) process.exitCode = 1;
}

function staleReason(flags: CheckFlags, changes: Array<{ path: string }> | undefined): string {
  if (changes?.length) {
    const first = relative(process.cwd(), changes[0]!.path) || changes[0]!.path;
    return `${changes.length} source file${changes.length > 1 ? 's' : ''} changed since the last build, ${first}${changes.length > 1 ? ' among them' : ''}`;
  }
  if (!existsSync(join(flags.out, 'index.html')) && !existsSync(join(flags.out, '404.html'))) return `${displayPath(flags.out)} holds no build yet`;
  return `${displayPath(flags.out)} is not the last build of these sources`;
}
