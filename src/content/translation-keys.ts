import { readFileSync } from 'node:fs';
import { duplicateTranslationKeyError } from '../errors/index.ts';
import type { Post } from './load-content.ts';

/**
 * A translationKey pairs one post per locale. Two published posts of one locale with the same key
 * (a copied post whose key was not changed) would give their translation two language switches.
 */
export function assertUniqueTranslationKeys(posts: Record<string, Post[]>): void {
  for (const list of Object.values(posts)) {
    const seen = new Map<string, Post>();
    for (const post of list) {
      if (!post.translationKey) continue;
      const first = seen.get(post.translationKey);
      if (!first) {
        seen.set(post.translationKey, post);
        continue;
      }
      // Only on the way to an error: the line of the key, read again from the second file.
      const [older, newer] = [first, post].sort((a, b) => a.file.localeCompare(b.file));
      throw duplicateTranslationKeyError({ file: newer!.file, line: keyLine(newer!.markdown.path) }, older!.file, post.translationKey, post.locale);
    }
  }
}

function keyLine(path: string): number {
  const lines = readFileSync(path, 'utf8').split('\n');
  const index = lines.findIndex((l) => /^translationKey\s*:/.test(l));
  return index === -1 ? 1 : index + 1;
}
