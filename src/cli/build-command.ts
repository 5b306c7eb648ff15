import type { Command } from 'commander';
import type { BuildOptions, BuildReport } from '../build/index.ts';
import { baseUrlArgument } from './base-url-argument.ts';
import { run, type Verbosity } from './run.ts';

export interface BuildFlags extends Verbosity {
  site: string;
  out: string;
  baseUrl?: string;
  cache?: string;
  /** `--no-lock`: commander sets false. */
  lock?: boolean;
}

export function buildOptionsOf(flags: BuildFlags): BuildOptions {
  return {
    siteDir: flags.site,
    outDir: flags.out,
    ...(flags.baseUrl ? { baseUrl: flags.baseUrl } : {}),
    ...(flags.cache ? { cacheDir: flags.cache } : {}),
    ...(flags.lock === false ? { lock: 'off' as const } : {}),
    ...(flags.verbose ? { onStage: (name: string) => console.error(`… ${name}`) } : {}),
    ...(!flags.quiet && process.stderr.isTTY ? { onImageProgress: progressBar('images') } : {}),
  };
}

/** A one-line progress bar on the terminal, shown only when there are more than a handful of items. */
function progressBar(label: string) {
  return (done: number, total: number) => {
    if (total <= 8) return;
    const width = 30;
    const filled = Math.round((done / total) * width);
    process.stderr.write(`\r${label} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total}${done === total ? '\n' : ''}`);
  };
}

/** Builds with the pipeline, imported here rather than at start-up: `--help` must not load React, sharp or esbuild. */
export async function buildWithFlags(
  flags: BuildFlags,
  build?: (options: BuildOptions) => Promise<BuildReport>,
  /** What the stamps check found changed, and the stamps it took. */
  since?: { changes?: BuildOptions['changedFiles']; stamps?: BuildOptions['stamps'] },
): Promise<BuildReport> {
  const { buildSite, formatReport } = await import('../build/index.ts');
  const { removeOpenStagingDirs } = await import('../output/index.ts');
  // Ctrl-C (or a SIGTERM from CI) mid-build: the staging folder goes before the process does.
  const onSignal = (signal: NodeJS.Signals) => {
    try {
      removeOpenStagingDirs();
    } finally {
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  let report: BuildReport;
  try {
    report = await (build ?? buildSite)({
      ...buildOptionsOf(flags),
      ...(since?.changes ? { changedFiles: since.changes, ...(since.stamps ? { stamps: since.stamps } : {}) } : {}),
    });
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
  if (!flags.quiet) console.log(formatReport(report, { verbose: flags.verbose === true }));
  return report;
}

export function addBuildOptions(command: Command): Command {
  return command
    .option('--site <dir>', 'site content folder', './site')
    .option('--out <dir>', 'output folder', './out')
    .option('--base-url <url>', "absolute URL the site is served from (overrides site.yaml's baseUrl)", baseUrlArgument)
    .option('--cache <dir>', 'cache folder (default: .cache beside the site folder)')
    .option('-q, --quiet', 'print errors only')
    .option('-v, --verbose', 'print each stage and every warning');
}

export function registerBuildCommand(program: Command): void {
  addBuildOptions(program.command('build').description('build the site into the output folder (atomically: a failed build leaves it untouched)'))
    .option('--no-lock', 'do not write site/urls.lock: the redirects it records still apply, and a URL that disappeared is a warning instead of an error')
    .action((flags: BuildFlags) =>
      run(async () => {
        // Decided from file stamps before the pipeline (React, esbuild, sharp, unified) is loaded.
        const { checkUnchanged } = await import('../build/skip-unchanged.ts');
        const skip = checkUnchanged({
          siteDir: flags.site,
          outDir: flags.out,
          ...(flags.cache ? { cacheDir: flags.cache } : {}),
          ...(flags.baseUrl ? { baseUrl: flags.baseUrl } : {}),
        });
        if (skip.problem) {
          // Rare, so the catalogue is loaded only then: the common path stays light.
          const warning = (await import('../errors/index.ts')).cacheResetWarning(`cache: ${skip.problem}; rebuilding it`);
          console.error(`${warning.text} (${warning.name})`);
        }
        if (skip.report) {
          if (!flags.quiet) console.log((await import('../build/report.ts')).formatReport(skip.report, { verbose: flags.verbose === true }));
          return;
        }
        // What changed since the last build: the saved dependency graph says which pages it reaches.
        // The pipeline runs from its one-file bundle with V8's code cache, errors described there too.
        const { requireWithCodeCache } = await import('./code-cache.ts');
        const bundle = requireWithCodeCache('build-entry', skip.cacheDir) as { buildFromCli: typeof import('./build-entry.ts').buildFromCli } | undefined;
        if (bundle) await bundle.buildFromCli(flags, skip);
        else await buildWithFlags(flags, undefined, skip);
      }, flags),
    );
}
