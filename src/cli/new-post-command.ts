import type { Command } from 'commander';
import { run } from './run.ts';

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
        const post = await scaffoldPost({ siteDir: flags.site, title, ...(flags.locale ? { locale: flags.locale } : {}) });
        console.log(`created ${post.file} (draft: true; set draft: false to publish, and write a description)`);
      }),
    );
}
