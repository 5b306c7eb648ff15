import { defineError } from '../define-error.ts';
import { SiteError } from '../site-error.ts';

// ── checks: `agency-site check` (its findings are reported as findings, not errors) ──

const BuiltSiteMissing = defineError({
  name: 'BuiltSiteMissing',
  stage: 'checks',
  title: 'No built site to check',
  when: '`agency-site check` finds no built pages in --out.',
  hint: 'Run `agency-site build` first, or pass the folder it wrote with --out.',
});

export function outMissingError(outDir: string): SiteError {
  return BuiltSiteMissing({ message: `${outDir} holds no built pages (no index.html or 404.html).`, location: { file: outDir } });
}

const OutputStale = defineError({
  name: 'OutputStale',
  stage: 'checks',
  title: 'out/ is older than your sources',
  when: '`agency-site check --no-build` finds sources changed since the last build, or out/ changed after it: its findings would be about another site.',
  hint: 'Run `agency-site build`, or run `agency-site check` without --no-build (it builds first when it needs to).',
});

export function outputStaleError(outDir: string, reason: string): SiteError {
  return OutputStale({ message: `${outDir} is older than your sources: run build (${reason}).`, location: { file: outDir } });
}
