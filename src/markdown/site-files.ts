import type { Root as HastRoot } from 'hast';
import { isLocalFileLink, isSitePath, publishedFileUrl, resolveSitePath } from '../shared/site-paths.ts';

const MEDIA = new Set(['video', 'audio', 'source', 'track']);

type AnyNode = { type: string; tagName?: string; properties?: Record<string, unknown>; children?: AnyNode[] };

/**
 * Points images and file links at what the build publishes: an image's `src` becomes its path in
 * the site folder (`./shot.png` in blog/a-post/ → `/blog/a-post/shot.png`, the key of the image
 * manifest), as does a video's poster; a link to a file beside the markdown, and a video's or
 * audio's file, its published URL. Runs on the finished tree,
 * so images written as raw HTML are covered like markdown ones.
 */
export function pointAtSiteFiles(tree: HastRoot, dir: string): void {
  const visit = (node: AnyNode) => {
    if (node.type === 'element' && node.properties) {
      const { src, href } = node.properties;
      if (node.tagName === 'img' && typeof src === 'string' && isSitePath(src)) {
        node.properties.src = resolveSitePath(src, dir) ?? src;
      } else if (node.tagName === 'a' && typeof href === 'string' && isLocalFileLink(href)) {
        const key = resolveSitePath(href, dir);
        if (key) node.properties.href = publishedFileUrl(key);
      } else if (MEDIA.has(node.tagName!)) {
        // `<video src="demo.mp4">` beside the post: the page's URL is not its folder, so the file's published URL.
        const key = typeof src === 'string' && isLocalFileLink(src) ? resolveSitePath(src, dir) : undefined;
        if (key) node.properties.src = publishedFileUrl(key);
        // Its poster is an image: its key, which the page's image manifest turns into a published URL.
        const { poster } = node.properties;
        if (typeof poster === 'string' && isSitePath(poster)) node.properties.poster = resolveSitePath(poster, dir) ?? poster;
      }
    }
    node.children?.forEach(visit);
  };
  visit(tree as AnyNode);
}
