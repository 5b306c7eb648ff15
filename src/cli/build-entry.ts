// The entry of dist/build-entry.cjs: `agency-site build`'s pipeline as one CommonJS bundle, which
// cli/code-cache.ts runs with V8's code cache. Errors are described here, in the bundle that threw
// them: its classes are not the ones of the ESM chunks that loaded it.
import type { SkipCheck } from '../build/skip-unchanged.ts';
import { buildWithFlags, type BuildFlags } from './build-command.ts';
import { run } from './run.ts';

export async function buildFromCli(flags: BuildFlags, skip: SkipCheck): Promise<void> {
  await run(async () => {
    await buildWithFlags(flags, undefined, skip);
  }, flags);
}
