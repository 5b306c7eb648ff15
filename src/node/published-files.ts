import { readdirSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { publishedFileUrl } from '../shared/site-paths.ts';

const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif', '.svg']);
/** Pages and data beside markdown: read by the build, never published. */
const NOT_PUBLISHED = new Set(['.md', '.mdx', '.yaml', '.yml']);

/**
 * What the build does with a file of the site folder, by its path there (`/blog/en/a-post/guide.pdf`):
 * site/static is published as it is, at its path inside static/; an image anywhere else is processed
 * (its URLs are named by its content); any other file beside markdown is published as it is under
 * /files/. Files at the top (site.yaml), hidden ones outside static/, and data are not published.
 */
export function siteFileRole(src: string): 'static' | 'image' | 'linked' | undefined {
  const slash = src.indexOf('/', 1);
  const name = src.slice(src.lastIndexOf('/') + 1);
  if (slash < 0 || isJunk(name)) return undefined;
  const top = src.slice(1, slash);
  if (top === 'static') return 'static';
  if (name.startsWith('.')) return undefined;
  const ext = extname(src).toLowerCase();
  if (IMAGE_EXTENSIONS.has(ext)) return 'image';
  return top === 'images' || top === 'collections' || NOT_PUBLISHED.has(ext) ? undefined : 'linked';
}

/** What an operating system or an editor leaves beside files (Finder's .DS_Store, a vim swap file): never published, even from site/static. */
const isJunk = (name: string) => /^(?:\.DS_Store|Thumbs\.db|desktop\.ini|\.#.*|.*~|\..*\.sw[a-p])$/i.test(name);

/** site/static's files, as they are published (one listing of that folder only). */
export function listStaticFiles(siteDir: string): SiteFile[] {
  const dir = join(siteDir, 'static');
  return listFolder(siteDir, dir).filter((f) => siteFileRole(f.src) === 'static');
}

/** Every file under `dir`, with its path in the site folder, sorted by it. */
function listFolder(siteDir: string, dir: string): SiteFile[] {
  // Absolute, so every entry's folder starts with it and the site path is a slice: path.relative
  // cost ~10 µs a file, a third of the listing.
  const root = resolve(siteDir);
  let entries;
  try {
    entries = readdirSync(resolve(dir), { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  const files: SiteFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = `${entry.parentPath}${sep}${entry.name}`;
    files.push({ file, src: sep === '/' ? file.slice(root.length) : file.slice(root.length).split(sep).join('/') });
  }
  return files.sort((a, b) => (a.src < b.src ? -1 : 1));
}

/** A file of the site folder: absolute, and its path in the folder (`/blog/en/a-post/shot.png`). */
export interface SiteFile {
  file: string;
  src: string;
}

/** One listing of the site folder, by role, each sorted by path: what the images step processes and publishes, and what the lock records. */
export function siteFilesByRole(siteDir: string): Record<'static' | 'image' | 'linked', SiteFile[]> {
  const byRole: Record<'static' | 'image' | 'linked', SiteFile[]> = { static: [], image: [], linked: [] };
  for (const file of listFolder(siteDir, siteDir)) {
    const role = siteFileRole(file.src);
    if (role) byRole[role].push(file);
  }
  return byRole;
}

/** A file the site publishes at a URL of its own (not named by its content): `/favicon.svg`, `/files/blog/en/a-post/guide.pdf`. */
export interface PublishedFile {
  url: string;
  /** Absolute. */
  file: string;
}

/** The site folder's static and linked files: the URLs urls.lock keeps beside the pages'. */
export function listPublishedFiles(siteDir: string): PublishedFile[] {
  const { static: published, linked } = siteFilesByRole(siteDir);
  return [
    ...published.map(({ file, src }) => ({ url: src.slice('/static'.length), file })),
    ...linked.map(({ file, src }) => ({ url: publishedFileUrl(src), file })),
  ];
}
