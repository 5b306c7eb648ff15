import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { importTemplates } from '../assets/index.ts';
import { assertImagesExist, readPost, type Post } from '../content/index.ts';
import { islandsDataFile, pageDataFile, recordReplacedFiles, replaceInPlace } from '../output/index.ts';
import { MarkdownCache, pageCacheKey, pageCachePaths, runRenderJobs } from '../render/index.ts';
import { runBuild, type BuildOptions, type BuildState } from './pipeline.ts';
import type { BuildReport } from './report.ts';

/** Front matter that reaches other pages (lists, feeds, alternates); a change to it needs the full build. */
const PLANNED_FIELDS = ['title', 'description', 'date', 'updated', 'tags', 'translationKey', 'draft', 'readingMinutes', 'slug', 'locale'] as const;

/**
 * A build that remembers its state between runs, for `serve --watch`. When the only change is the
 * body of existing posts, it re-renders just those pages and replaces their two files in place;
 * anything else runs the full (cached, incremental) build.
 */
export function createBuildSession(options: BuildOptions) {
  let state: BuildState | undefined;
  let markdown: MarkdownCache | undefined;
  let templates: Awaited<ReturnType<typeof importTemplates>> | undefined;

  async function full(): Promise<BuildReport> {
    // After the session's first build out/ is ours: later builds change only the files that differ.
    const result = await runBuild(state ? { ...options, inPlace: true } : options);
    state = result.state;
    markdown = new MarkdownCache(state.cacheDir, state.config.constants);
    templates = undefined;
    return result.report;
  }

  async function postBodies(current: BuildState, changed: string[]): Promise<BuildReport | undefined> {
    const started = performance.now();
    const blogDir = join(current.siteDir, 'blog');
    const updates: Array<{ post: Post; index: number; locale: string }> = [];
    for (const path of changed.map((p) => resolve(p))) {
      const rel = relative(blogDir, path).split(sep);
      if (rel.length !== 2 || !path.endsWith('.md')) return undefined;
      const locale = rel[0]!;
      const posts = current.content.posts[locale] ?? [];
      const index = posts.findIndex((p) => p.markdown.path === path);
      if (index < 0) return undefined;
      const post = readPost(path, locale, current.config);
      assertImagesExist(post.markdown.images, { siteDir: current.siteDir, file: post.file });
      const before = posts[index]!;
      if (PLANNED_FIELDS.some((f) => JSON.stringify(post[f]) !== JSON.stringify(before[f]))) return undefined;
      updates.push({ post, index, locale });
    }
    templates ??= await importTemplates(current.setup.templatesFile);
    const outDir = resolve(current.options.outDir);
    const replaced: Record<string, string> = {};
    for (const { post, index, locale } of updates) {
      current.content.posts[locale]![index] = post;
      const entry = current.pages.find((e) => e.page.markdown?.path === post.markdown.path);
      if (!entry) return undefined;
      entry.page = { ...entry.page, markdown: { ...post.markdown, field: entry.page.markdown!.field } };
      entry.key = pageCacheKey(entry.page, current.setup, current.setupKey);
      runRenderJobs([{ page: entry.page, key: entry.key }], current.setup, templates, markdown!);
      const paths = pageCachePaths(current.cacheDir, entry.key);
      await replaceInPlace(paths.html, join(outDir, entry.page.outFile));
      await replaceInPlace(paths.pageData, join(outDir, pageDataFile(entry.page)));
      replaced[entry.page.outFile] = paths.html;
      replaced[pageDataFile(entry.page)] = paths.pageData;
      // The post's partial-hydration variant holds its body too.
      if (existsSync(paths.islandsData)) {
        await replaceInPlace(paths.islandsData, join(outDir, islandsDataFile(entry.page)));
        replaced[islandsDataFile(entry.page)] = paths.islandsData;
      }
    }
    // The record learns the new files, so the next build compares against what out/ really holds.
    recordReplacedFiles({ cacheDir: current.cacheDir, outDir, keys: replaced });
    const pages = current.pages.length;
    const pagesByLocale: Record<string, number> = {};
    for (const { page } of current.pages) pagesByLocale[page.locale] = (pagesByLocale[page.locale] ?? 0) + 1;
    return {
      pagesByLocale,
      pages,
      rendered: updates.length,
      fromCache: pages - updates.length,
      parsedMarkdown: markdown!.misses,
      filesWritten: updates.length * 2,
      bytesWritten: 0,
      upToDate: false,
      stages: [{ name: 'post bodies', ms: performance.now() - started }],
      warnings: [],
      stylesheets: current.setup.stylesheets,
      durationMs: performance.now() - started,
      outDir: current.options.outDir,
    };
  }

  return {
    /** Rebuilds after `changed` files (absolute paths); the first call always runs the full build. */
    async build(changed: string[] = []): Promise<BuildReport> {
      if (state && changed.length) {
        const fast = await postBodies(state, changed);
        if (fast) return fast;
      }
      return full();
    },
  };
}
