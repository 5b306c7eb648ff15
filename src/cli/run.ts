// Loaded by every command at start-up, so it imports nothing heavy: the error formatter (and the
// YAML library it uses to locate fields) loads only when there is an error to print.
export type Verbosity = { quiet?: boolean; verbose?: boolean };

export interface RunOptions extends Verbosity {
  /** The error itself on one line, "error Title: message" (deploy: a CI log shows that line alone). */
  oneLine?: boolean;
}

/** The one place that catches errors of a command, prints them and sets the exit code (1). */
export async function run(action: () => Promise<void>, opts: RunOptions = {}): Promise<void> {
  try {
    await action();
  } catch (error) {
    const { describeError } = await import('./describe-error.ts');
    console.error(describeError(error, opts));
    process.exitCode = 1;
  }
}
