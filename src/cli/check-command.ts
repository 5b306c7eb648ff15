import type { Command } from 'commander';
import { run } from './run.ts';

interface CheckFlags {
  site: string;
  out: string;
  baseUrl?: string;
  json?: boolean;
}

/** `agency-site check`: every finding printed, then one summary; exit code 1 when any is an error. */
export function registerCheckCommand(program: Command): void {
  program
    .command('check')
    .description('check the built site and its sources: translations, links, hreflang, headings, alt text, titles, claims, budgets')
    .option('--site <dir>', 'site content folder', './site')
    .option('--out <dir>', 'built site to check', './out')
    .option('--base-url <url>', 'the --base-url the site was built with (default: site.yaml baseUrl)')
    .option('--json', 'print the findings as a JSON array')
    .action((flags: CheckFlags) =>
      run(async () => {
        const { checkSite, formatFindings } = await import('../checks/index.ts');
        const result = await checkSite({ siteDir: flags.site, outDir: flags.out, ...(flags.baseUrl ? { baseUrl: flags.baseUrl } : {}) });
        console.log(flags.json ? JSON.stringify(result.findings, null, 2) : formatFindings(result.findings, { pages: result.pages }));
        if (result.errors > 0) process.exitCode = 1;
      }),
    );
}
