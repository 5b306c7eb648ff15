/**
 * How markdown names files: `./x.png`, `x.png` and `../shared/x.png` start at the markdown file's
 * folder, `/images/x.png` at the site folder. The content stage (to check and publish the files)
 * and the markdown stage (to point the page at them) resolve them with these same functions.
 */

/** `https://…` or `//host/…`: a file on another site. */
export function isRemote(src: string): boolean {
  return /^(?:https?:)?\/\//i.test(src);
}

/** A path into the site (`./x.png`, `/images/x.png`), not another site's URL nor a `data:` or `mailto:` one. */
export function isSitePath(src: string): boolean {
  return !isRemote(src) && !/^[a-z][a-z0-9+.-]*:/i.test(src);
}

/** The file a path names, from the site folder (`/blog/a-post/x.png`); undefined when it leaves the site folder. */
export function resolveSitePath(src: string, dir: string): string | undefined {
  let path = src.replace(/[?#].*$/, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // A stray "%": the path as written.
  }
  const parts: string[] = [];
  for (const part of (path.startsWith('/') ? path : dir + path).split('/')) {
    if (part === '..') {
      if (!parts.length) return undefined;
      parts.pop();
    } else if (part && part !== '.') parts.push(part);
  }
  return `/${parts.join('/')}`;
}

const PAGE_EXTENSIONS = new Set(['md', 'mdx', 'html', 'htm']);

/** A relative link to a file that is not a page (`./slides.pdf`): published beside the site's pages and linked. */
export function isLocalFileLink(href: string): boolean {
  if (href.startsWith('/') || href.startsWith('#') || !isSitePath(href)) return false;
  const ext = /\.([a-z0-9]+)$/i.exec(href.replace(/[?#].*$/, ''))?.[1]?.toLowerCase();
  return ext !== undefined && !PAGE_EXTENSIONS.has(ext);
}

/** Where a linked file is published: `/files` and its path in the site folder. */
export function publishedFileUrl(key: string): string {
  return `/files${key}`;
}
