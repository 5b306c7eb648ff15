/**
 * A post's tags are written as readers see them ("autenticación", "tiempo real"); where a tag has
 * to be an identifier (an Atom category term, a future tag URL) it is this ASCII slug instead, so
 * accents stay in what people read and out of what machines match.
 */
export function tagSlug(tag: string): string {
  let slug = slugs.get(tag);
  if (slug === undefined) {
    slug = tag
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
    if (slugs.size > 10_000) slugs.clear();
    slugs.set(tag, slug);
  }
  return slug;
}
/** A site has a few dozen tags, slugged once each instead of once per post in every feed. */
const slugs = new Map<string, string>();
