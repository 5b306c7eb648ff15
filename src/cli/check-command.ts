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

interface NewPostFlags {
  site: string;
  locale?: string;
}

/** `agency-site new post [--locale es] "Title"`: a draft post with valid front matter. */
export function registerNewPostCommand(program: Command): void {
  const create = program.command('new').description('create content from a template');
  create
    .command('post')
    .description('write site/blog/<locale>/<slug>.md as a draft (never overwrites)')
    .argument('<title>', "the post's title; the file name is made from it")
    .option('--locale <code>', "the post's language (default: site.yaml defaultLocale)")
    .option('--site <dir>', 'site content folder', './site')
    .action((title: string, flags: NewPostFlags) =>
      run(async () => {
        const { scaffoldPost } = await import('../scaffold/index.ts');
        const post = await scaffoldPost({ siteDir: flags.site, title, ...(flags.locale ? { locale: flags.locale } : {})});
        console.log(`created ${post.file} (draft: true; set draft: false to publish, and write a description)`);
      }),
    );
}
