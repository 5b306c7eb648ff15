export interface StopOnSignalsOptions {
  /** What the first signal lets finish, e.g. "submissions under way". */
  finishing: string;
  /** Printed once everything stopped, e.g. "forms endpoint stopped". */
  stopped: string;
  stop: () => Promise<void>;
}

/** The first SIGINT or SIGTERM stops gracefully; a second one exits at once. */
export function stopOnSignals(options: StopOnSignalsOptions): void {
  let stopping = false;
  const onSignal = (signal: string): void => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal}: finishing ${options.finishing}…`);
    options.stop().then(
      () => console.log(options.stopped),
      (error: unknown) => {
        console.error(`Internal error while stopping: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGTERM', () => onSignal('SIGTERM')).once('SIGINT', () => onSignal('SIGINT'));
}
