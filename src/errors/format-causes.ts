/** Deeper chains are cut: a cause chain that long is a loop we failed to detect, not information. */
const MAX_DEPTH = 10;

/**
 * The `cause` chain under an error, numbered from the nearest (Eleventy style):
 *
 *     Caused by:
 *       1. YAMLException: bad indentation of a mapping entry (5:9)
 *       2. …
 *
 * Each cause shows the first line of its message only: libraries put code snippets after it, and
 * the error's own code frame already shows the place. `verbose` shows each cause's stack instead.
 * Empty when the error has no cause.
 */
export function formatCauses(error: unknown, options: { verbose?: boolean } = {}): string {
  const lines: string[] = [];
  const seen = new Set<unknown>([error]);
  let above = messageOf(error);
  for (let cause = causeOf(error); cause !== undefined && !seen.has(cause) && seen.size <= MAX_DEPTH; cause = causeOf(cause)) {
    seen.add(cause);
    const summary = firstLine(messageOf(cause));
    // One already quotes the other at its end ("…: <message>"): YamlSyntaxError quotes js-yaml, and
    // esbuild's "Build failed with 1 error: …" quotes the message a catalogue entry took from it.
    const quoted = summary !== '' && (firstLine(above).endsWith(`: ${summary}`) || summary.endsWith(`: ${firstLine(above)}`));
    above = messageOf(cause);
    if (quoted && !options.verbose) continue;
    const number = `  ${lines.length + 1}. `;
    const text = options.verbose && cause instanceof Error && cause.stack ? cause.stack : withName(cause, summary);
    lines.push(number + text.replace(/\n/g, `\n${' '.repeat(number.length)}`));
  }
  return lines.length > 0 ? ['Caused by:', ...lines].join('\n') : '';
}

function causeOf(error: unknown): unknown {
  return error !== null && typeof error === 'object' && 'cause' in error ? ((error as { cause?: unknown }).cause ?? undefined) : undefined;
}

function messageOf(error: unknown): string {
  const message = error !== null && typeof error === 'object' ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : String(error);
}

/** The first line ("Build failed with 1 error:" also takes the line it introduces). */
function firstLine(message: string): string {
  const lines = message
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  let text = lines[0] ?? '';
  for (let i = 1; text.endsWith(':') && i < lines.length; i++) text += ` ${lines[i]}`;
  return text;
}

/** `Name: text`, as Node prints errors; plain `Error` is left out. */
function withName(cause: unknown, text: string): string {
  const name = cause !== null && typeof cause === 'object' ? (cause as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name !== 'Error' && !text.startsWith(`${name}:`) ? `${name}: ${text}` : text;
}
