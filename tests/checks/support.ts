import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite } from '../../src/build/index.ts';
import { checkSite, type CheckName, type Finding } from '../../src/checks/index.ts';
import { displayPath } from '../../src/node/display-path.ts';
import { ROOT, TEMPLATES } from '../support/fixture.ts';

export interface CheckFixture {
  dir: string;
  site: string;
  out: string;
  /** A path inside the fixture as findings show it (`site/pages/x.yaml`, `out/index.html`). */
  shown: (rel: string) => string;
  build: (options?: { baseUrl?: string }) => Promise<void>;
  check: (options?: { baseUrl?: string }) => Promise<Finding[]>;
  /** Changes a built file, as a template bug would. */
  editOut: (rel: string, change: (html: string) => string) => Promise<void>;
  cleanup: () => Promise<void>;
}

/**
 * tests/fixtures/check-clean (a site that passes every check) with a check-* fixture's files laid
 * over it, and the real templates, in a temporary folder.
 */
export async function checkFixture(overlay?: string): Promise<CheckFixture> {
  const dir = await mkdtemp(join(tmpdir(), `agency-site-${overlay ?? 'check-clean'}-`));
  await cp(join(ROOT, 'tests/fixtures/check-clean'), dir, { recursive: true });
  if (overlay) await cp(join(ROOT, 'tests/fixtures', overlay), dir, { recursive: true });
  await cp(TEMPLATES, join(dir, 'templates'), { recursive: true });
  const site = join(dir, 'site');
  const out = join(dir, 'out');
  return {
    dir,
    site,
    out,
    shown: (rel) => displayPath(join(dir, rel)),
    build: async (options = {}) => {
      await buildSite({ siteDir: site, outDir: out, cacheDir: join(dir, '.cache'), workers: 0, ...options });
    },
    check: async (options = {}) => (await checkSite({ siteDir: site, outDir: out, ...options })).findings,
    editOut: async (rel, change) => writeFile(join(out, rel), change(await readFile(join(out, rel), 'utf8'))),
    cleanup: () => rm(dir, { recursive: true, force: true, maxRetries: 5 }),
  };
}

/** Findings of one check, without the hint (asserted separately where it matters). */
export function findingsOf(findings: Finding[], check: CheckName): Array<Omit<Finding, 'hint'>> {
  return findings.filter((f) => f.check === check).map(({ hint: _hint, ...rest }) => rest);
}

/** The line of the first line of `file` containing `text` (1-based), to assert lines without counting by hand. */
export async function lineOfText(file: string, text: string): Promise<number> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  const index = lines.findIndex((l) => l.includes(text));
  if (index === -1) throw new Error(`"${text}" is not in ${file}`);
  return index + 1;
}
