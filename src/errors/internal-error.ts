/**
 * A bug of ours, not a mistake in the site: the CLI prints it as "Internal error: …" (with the stack
 * under --verbose). `cause` keeps the error that revealed it, printed as the numbered cause chain.
 */
export function internalError(message: string, cause?: unknown): Error {
  return new Error(`Internal error: ${message}`, { cause });
}
