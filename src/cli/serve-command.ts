import { InvalidArgumentError, type Command } from 'commander';
import { addBuildOptions, type BuildFlags } from './build-command.ts';
import { addDeliveryOptions, type DeliveryFlags } from './delivery-options.ts';
import { run } from './run.ts';

// Registered at start-up; the server, the watcher and the build load in the action (serve-action.ts).

export interface ServeFlags extends BuildFlags, DeliveryFlags {
  port: number;
  host: string;
  build: boolean;
  watch?: boolean;
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number between 0 and 65535');
  return n;
}

export function registerServeCommand(program: Command): void {
  addDeliveryOptions(
    addBuildOptions(program.command('serve').description('build the site, then serve it on localhost (--watch: rebuild and reload on every save)'))
      .option('--port <n>', 'port to listen on', port, 8000)
      .option('--host <host>', 'address to listen on', '127.0.0.1')
      .option('--no-build', 'serve the output folder as it is')
      .option('-w, --watch', 'watch site/, templates/ and locales/, rebuild what changed and reload the browser'),
  ).action((flags: ServeFlags) =>
    run(async () => {
      const { serve } = await import('./serve-action.ts');
      await serve(flags);
    }, flags),
  );
}
