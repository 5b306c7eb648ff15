import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { buildSite, formatReport } from '../build/index.ts';
import { serveSite } from '../dev/index.ts';
import { formatSiteError, isSiteError } from '../errors/index.ts';

const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

type Verbosity = { quiet?: boolean; verbose?: boolean };

/** The one place that catches a SiteError, prints it and sets the exit code. */
async function run(action: () => Promise<void>, opts: Verbosity = {}): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (isSiteError(error)) {
      let source: string | undefined;
      try {
        if (error.location?.line !== undefined) source = readFileSync(error.location.file, 'utf8');
      } catch {
        source = undefined;
      }
      console.error(formatSiteError(error, source === undefined ? {} : { source }));
    } else {
      const message = error instanceof Error ? error.message : String(error);
      console.error(message.startsWith('Internal error') ? message : `Internal error: ${message}`);
      if (opts.verbose && error instanceof Error && error.stack) console.error(error.stack);
    }
    process.exitCode = 1;
  }
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number between 0 and 65535');
  return n;
}

const program = new Command()
  .name('agency-site')
  .description('Builds the bilingual agency website from site/, templates/ and locales/ into a static folder.')
  .version(version)
  .showHelpAfterError();

interface BuildFlags extends Verbosity {
  site: string;
  out: string;
  baseUrl?: string;
  cache?: string;
}

async function build(flags: BuildFlags): Promise<void> {
  const report = await buildSite({
    siteDir: flags.site,
    outDir: flags.out,
    ...(flags.baseUrl ? { baseUrl: flags.baseUrl } : {}),
    ...(flags.cache ? { cacheDir: flags.cache } : {}),
    ...(flags.verbose ? { onStage: (name: string) => console.error(`… ${name}`) } : {}),
  });
  if (!flags.quiet) console.log(formatReport(report, { verbose: flags.verbose === true }));
}

program
  .command('build')
  .description('build the site into the output folder (atomically: a failed build leaves it untouched)')
  .option('--site <dir>', 'site content folder', './site')
  .option('--out <dir>', 'output folder', './out')
  .option('--base-url <url>', "absolute URL the site is served from (overrides site.yaml's baseUrl)")
  .option('--cache <dir>', 'cache folder (default: .cache beside the site folder)')
  .option('-q, --quiet', 'print errors only')
  .option('-v, --verbose', 'print each stage and every warning')
  .action((flags: BuildFlags) => run(() => build(flags), flags));

program
  .command('serve')
  .description('build the site, then serve the output folder on localhost')
  .option('--site <dir>', 'site content folder', './site')
  .option('--out <dir>', 'output folder', './out')
  .option('--base-url <url>', "absolute URL the site is served from (overrides site.yaml's baseUrl)")
  .option('--port <n>', 'port to listen on', port, 8000)
  .option('--host <host>', 'address to listen on', '127.0.0.1')
  .option('--no-build', 'serve the output folder as it is')
  .option('-q, --quiet', 'print errors only')
  .option('-v, --verbose', 'print each stage and every warning')
  .action((flags: BuildFlags & { port: number; host: string; build: boolean }) =>
    run(async () => {
      if (flags.build) await build(flags);
      const server = await serveSite({ outDir: flags.out, port: flags.port, host: flags.host });
      console.log(`serving ${flags.out} at ${server.url} (Ctrl+C to stop)`);
    }, flags),
  );

await program.parseAsync();
