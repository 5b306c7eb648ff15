import type { Command } from 'commander';
import type { CheckFlags } from './check-action.ts';
import { baseUrlArgument } from './base-url-argument.ts';
import { run } from './run.ts';

/** `agency-site check`: built first when out/ is stale, every finding printed, then one summary; exit code 1 when any is an error. */
export function registerCheckCommand(program: Command): void {
  program
    .command('check')
    .description('check the built site and its sources: translations, links, hreflang, headings, alt text, titles, claims, budgets')
    .option('--site <dir>', 'site content folder', './site')
    .option('--out <dir>', 'built site to check', './out')
    .option('--base-url <url>', 'the --base-url the site was built with (default: site.yaml baseUrl)', baseUrlArgument)
    .option('--json', 'print the findings as a JSON array')
    .option('--no-build', 'check out/ as it is, refusing it when the sources changed since it was built (by default check builds first then)')
    .action((flags: CheckFlags) => run(async () => (await import('./check-action.ts')).checkWithFlags(flags)));
}
