import type { Command } from 'commander';
import { run } from './run.ts';

interface TranslationsFlags {
  site: string;
  json?: boolean;
  markdown?: boolean;
  all?: boolean;
}

/** `agency-site translations`: per locale, what is translated, missing and outdated (from git history), most urgent first. */
export function registerTranslationsCommand(program: Command): void {
  program
    .command('translations')
    .description('show what each language lacks: missing and outdated posts, pages, collection items and messages, most urgent first')
    .option('--site <dir>', 'site content folder', './site')
    .option('--json', 'print the status as JSON, for scripts')
    .option('--markdown', 'print the status as Markdown tables (a CI job summary)')
    .option('--all', 'list the up-to-date pieces too')
    .action((flags: TranslationsFlags) =>
      run(async () => {
        const { collectTranslationStatus, formatStatusMarkdown, formatStatusText } = await import('../translations/index.ts');
        const status = await collectTranslationStatus({ siteDir: flags.site });
        if (flags.json) console.log(JSON.stringify(status, null, 2));
        else if (flags.markdown) process.stdout.write(formatStatusMarkdown(status));
        else console.log(formatStatusText(status, { all: flags.all ?? false }));
      }),
    );
}
