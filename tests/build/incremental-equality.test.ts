// The equality suite: "the graph must be correct, not hopeful". Every kind of input is edited in
// turn, and what an incremental build leaves in out/ must be byte for byte what a clean cold build
// of the same sources writes into an empty out/ with an empty cache. Both incremental paths are
// checked: `agency-site build` (buildSite again over the last out/ and .cache/) and
// `serve --watch` (a build session told which files changed). BuildReport lists no time-stamped
// files, so nothing is excluded from the comparison: two cold builds of the same sources must be
// equal too, and the first test says so.
//
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuildSession } from '../../src/build/index.ts';
import { buildFixture, copyFixture } from '../support/fixture.ts';

type Tree = Map<string, Buffer>;

/** Every file under `dir` (hidden ones too), by path relative to it. */
async function snapshot(dir: string): Promise<Tree> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => !e.isDirectory()).map((e) => relative(dir, join(e.parentPath, e.name)));
  return new Map(await Promise.all(files.sort().map(async (rel) => [rel, await readFile(join(dir, rel))] as const)));
}

const BINARY = /\.(jpe?g|png|webp|avif|gz|br)$/;

/** Bytes around `offset`, as text (escaped) or, for a binary file, as hex. */
function around(bytes: Buffer, offset: number, binary: boolean): string {
  if (binary) return bytes.subarray(Math.max(0, offset - 8), offset + 8).toString('hex');
  return JSON.stringify(bytes.subarray(Math.max(0, offset - 40), offset + 40).toString('utf8'));
}

/** Undefined when both trees hold the same paths with the same bytes; otherwise the first difference, and what else differs. */
function firstDifference(actual: Tree, expected: Tree, labels: { actual: string; expected: string }): string | undefined {
  const missing = [...expected.keys()].filter((p) => !actual.has(p));
  const extra = [...actual.keys()].filter((p) => !expected.has(p));
  const differing = [...expected.keys()].filter((p) => actual.has(p) && !actual.get(p)!.equals(expected.get(p)!));
  if (!missing.length && !extra.length && !differing.length) return undefined;
  const list = (paths: string[]) => paths.slice(0, 8).join(', ') + (paths.length > 8 ? `, … ${paths.length - 8} more` : '');
  const lines: string[] = [];
  if (missing.length) lines.push(`only in ${labels.expected} (${missing.length}): ${list(missing)}`);
  if (extra.length) lines.push(`only in ${labels.actual} (${extra.length}): ${list(extra)}`);
  const first = differing[0];
  if (first) {
    const a = actual.get(first)!;
    const e = expected.get(first)!;
    let offset = 0;
    while (offset < a.length && offset < e.length && a[offset] === e[offset]) offset++;
    const binary = BINARY.test(first);
    lines.push(
      `${first} differs from byte ${offset} (${labels.expected} ${e.length} bytes, ${labels.actual} ${a.length} bytes):`,
      `  ${labels.expected.padEnd(12)} ${around(e, offset, binary)}`,
      `  ${labels.actual.padEnd(12)} ${around(a, offset, binary)}`,
    );
    if (differing.length > 1) lines.push(`also differ (${differing.length - 1}): ${list(differing.slice(1))}`);
  }
  return lines.join('\n');
}

function expectSameTree(actual: Tree, expected: Tree, labels: { actual: string; expected: string }): void {
  const difference = firstDifference(actual, expected, labels);
  if (difference) expect.fail(`out/ is not what a cold build writes:\n${difference}`);
}

type Fixture = Awaited<ReturnType<typeof copyFixture>>;

let f: Fixture;
/** out/ of a cold build of the unedited sources. */
let original: Tree;
let folders = 0;
const folder = (name: string) => join(f.dir, `${name}-${++folders}`);

/** A clean cold build of the sources as they are now: a fresh out/ and an empty cache, read back and removed. */
async function coldBuild(): Promise<Tree> {
  const dir = folder('cold');
  try {
    await buildFixture(f, { outDir: join(dir, 'out'), cacheDir: join(dir, 'cache') });
    return await snapshot(join(dir, 'out'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The `agency-site build` path: buildSite again over the same out/ and cache. */
const buildPath = {
  out: '',
  cache: '',
  inSync: false,
  async start() {
    const dir = folder('build');
    this.out = join(dir, 'out');
    this.cache = join(dir, 'cache');
    await buildFixture(f, { outDir: this.out, cacheDir: this.cache });
    this.inSync = true;
  },
  async rebuild() {
    await buildFixture(f, { outDir: this.out, cacheDir: this.cache });
  },
};

/** The `serve --watch` path: one build session, told which files changed. */
const watchPath = {
  out: '',
  session: undefined as ReturnType<typeof createBuildSession> | undefined,
  inSync: false,
  async start() {
    const dir = folder('watch');
    this.out = join(dir, 'out');
    this.session = createBuildSession({ siteDir: f.site, outDir: this.out, cacheDir: join(dir, 'cache'), workers: 0 });
    await this.session.build();
    this.inSync = true;
  },
  async rebuild(changed: string[]) {
    await this.session!.build(changed);
  },
};

beforeAll(async () => {
  f = await copyFixture('basic');
  original = await coldBuild();
  await buildPath.start();
  await watchPath.start();
});
afterAll(() => f?.cleanup());

describe('cold builds', () => {
  it('write the same bytes every time: out/ holds no time stamps', async () => {
    const labels = { actual: 'second cold', expected: 'first cold' };
    expectSameTree(await snapshot(buildPath.out), original, labels);
    expectSameTree(await snapshot(watchPath.out), original, labels);
  });

  it('write the same bytes whatever folder the site is in', async () => {
    const elsewhere = await copyFixture('basic');
    try {
      await buildFixture(elsewhere);
      expectSameTree(await snapshot(elsewhere.out), original, { actual: 'elsewhere', expected: 'here' });
    } finally {
      await elsewhere.cleanup();
    }
  });
});
