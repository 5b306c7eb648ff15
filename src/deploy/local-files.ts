import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { deployOptionError } from '../errors/index.ts';
import { readHashedFiles } from '../output/index.ts';
import { fileHeaders, HASHED_FILES } from '../node/cache-policy.ts';
import { APP_DATA_PATH } from '../shared/site-urls.ts';
import { REDIRECT_MAP_FILE } from '../redirects/index.ts';
import { redirectObjects } from './redirect-objects.ts';

/**
 * Upload order, so that no page is ever served before what it loads: hashed assets and images,
 * then shared and slice data, then page-data, then HTML (and the documents that link pages), then
 * app-data.json (which tells open tabs to reload), and sw.js last (which precaches the assets).
 */
export const GROUPS = ['assets', 'data', 'page-data', 'pages', 'app-data', 'service-worker'] as const;
export type Group = (typeof GROUPS)[number];

export interface LocalFile {
  /** Relative to out/, with forward slashes (`assets/runtime.MMVYJIJM.js`). */
  path: string;
  md5: string;
  size: number;
  group: Group;
  hashed: boolean;
  contentType: string;
  cacheControl: string;
  /** Made by deploy, not read from out/: a redirect page (its bytes, and the S3 redirect header). */
  body?: Buffer;
  redirectTo?: string;
}

/** Host configuration for Netlify-style hosts, not part of the site. */
const HOST_FILES = new Set(['_headers', '_redirects', HASHED_FILES, REDIRECT_MAP_FILE]);
const DOCUMENT = /\.(html|xml|txt|json|webmanifest)$/;

export function groupOf(path: string, hashed: boolean): Group {
  if (path === 'sw.js') return 'service-worker';
  if (path === APP_DATA_PATH) return 'app-data';
  if (path.startsWith('page-data/sq/') || path.startsWith('slice-data/')) return 'data';
  if (path.startsWith('page-data/')) return 'page-data';
  if (hashed || !DOCUMENT.test(path)) return 'assets';
  return 'pages';
}

/**
 * Every file of out/ to publish, with its MD5 (what S3 reports as the ETag of a single-part
 * upload). The `.br`/`.gz` copies are left out: a bucket cannot choose between encodings per
 * request, and CloudFront compresses on its own.
 */
export async function readLocalFiles(outDir: string): Promise<LocalFile[]> {
  if (!existsSync(join(outDir, 'index.html')))
    throw deployOptionError('--out', `${outDir} holds no built site (no index.html): run agency-site build first, or point --out at the built folder.`);
  const hashed = readHashedFiles(outDir);
  // Listed from the absolute folder: readdir normalizes the folders below `./out/`, so slicing by the
  // length of the folder as typed cut the wrong number of characters.
  const root = resolve(outDir);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const paths = new Set(
    entries
      .filter((e) => e.isFile())
      .map((e) =>
        join(e.parentPath, e.name)
          .slice(root.length + 1)
          .split(sep)
          .join('/'),
      ),
  );
  const wanted = [...paths].filter((p) => !HOST_FILES.has(p) && !(/\.(br|gz)$/.test(p) && paths.has(p.replace(/\.(br|gz)$/, '')))).sort();
  const files: LocalFile[] = [];
  // Small batches keep open file handles bounded on sites with thousands of files.
  for (let i = 0; i < wanted.length; i += 64) {
    const batch = await Promise.all(
      wanted.slice(i, i + 64).map(async (path) => {
        const data = await readFile(join(outDir, path));
        const isHashed = hashed.has(`/${path}`);
        return {
          path,
          md5: createHash('md5').update(data).digest('hex'),
          size: data.length,
          group: groupOf(path, isHashed),
          hashed: isHashed,
          ...fileHeaders(`/${path}`, hashed),
        };
      }),
    );
    files.push(...batch);
  }
  // Old URLs of the redirect map, as objects beside the pages (after them in the sort: no page waits).
  files.push(...redirectObjects(outDir, paths));
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
