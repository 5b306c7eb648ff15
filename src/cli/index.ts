import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { registerBuildCommand } from './build-command.ts';
import { registerCheckCommand } from './check-command.ts';
import { registerDeployCommand } from './deploy-command.ts';
import { registerFormsCommands } from './forms-commands.ts';
import { registerNewPostCommand } from './new-post-command.ts';
import { registerServeCommand } from './serve-command.ts';
import { registerTranslationsCommand } from './translations-command.ts';

const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const program = new Command()
  .name('agency-site')
  .description('Builds the bilingual agency website from site/, templates/ and locales/ into a static folder.')
  .version(version)
  .showHelpAfterError();

registerBuildCommand(program);
registerServeCommand(program);
registerFormsCommands(program);
registerCheckCommand(program);
registerNewPostCommand(program);
registerTranslationsCommand(program);
registerDeployCommand(program);

await program.parseAsync();
