/**
 * A post's tags are written as readers see them ("autenticación", "tiempo real"); where a tag has
 * to be an identifier (an Atom category term, a future tag URL) it is this ASCII slug instead, so
 * accents stay in what people read and out of what machines match.
 */
export function tagSlug(tag: string): string {
  return tag
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
