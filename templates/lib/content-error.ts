/**
 * A value in a page's data that a template cannot show (a misspelled section kind, say). The
 * render stage turns it into a build error at that field's line in the page's YAML, so an editor
 * sees what to fix instead of a crash or a silently missing section. `field` is the path inside
 * the page's `data:` block.
 */
export class ContentError extends Error {
  override readonly name = 'ContentError';

  constructor(
    readonly field: Array<string | number>,
    readonly expected: string,
    readonly got: unknown,
  ) {
    super(`data.${field.join('.')} is ${JSON.stringify(got)}; expected ${expected}.`);
  }
}

/** For a `switch` over a closed set of kinds: call it in `default` with the kinds handled. */
export function unknownKind(field: Array<string | number>, got: unknown, known: readonly string[]): never {
  throw new ContentError(field, `one of ${known.join(', ')}`, got);
}
